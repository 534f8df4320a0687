import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` when it may, and probes for that by trying it once; under our CSP
// (no 'unsafe-eval') the probe is refused and the browser records a CSP issue on every page with a form. Parsing
// without compiled parsers is plenty fast for forms. Imported first by main.tsx, before any schema is created.
config({ jitless: true });
