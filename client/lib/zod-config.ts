// Zod compiles object parsers with `new Function` when it may, and probes for that by trying it once; under our CSP
// (no 'unsafe-eval') the probe is refused and the browser records a CSP issue on every page with a form. Parsing
// without compiled parsers is plenty fast for forms.
//
// Zod keeps its settings in one object on globalThis (`__zod_globalConfig`, shared by every copy of zod) and reads
// `jitless` when a schema is created. Setting it here, first thing in main.tsx, applies it to every schema the
// route chunks create later, without putting zod itself in the first load.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
