/**
 * Runs in the page's <head>, before any module: tells Zod not to compile its object parsers.
 * Zod probes `new Function` when it builds an object schema (at module load of a route), which the
 * Content-Security-Policy (no 'unsafe-eval') reports as a violation; its interpreted parser gives
 * the same answers. Zod reads its settings from `globalThis.__zod_globalConfig` and keeps what is
 * already there, so this must only run before the first Zod module, as the inline script does.
 */
export const zodJitlessScript =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
