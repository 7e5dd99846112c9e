// Loaded before the console's modules: zod then never probes for eval (with `new Function`) when it builds
// schemas, a probe the server's CSP would report as a violation. Zod keeps its config on this global.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
