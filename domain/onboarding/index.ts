/** Provider onboarding: option lists, form schemas, the form registry and the hub. */
export * from './options';
export * from './schemas';
export * from './forms';
export * from './hub';
