export * from './states';
export * from './geo';
export * from './payout';
export * from './positions';
export * from './schemas';
export * from './deliverable';
export * from './journey';
export * from './linehaul';
