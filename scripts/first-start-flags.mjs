/**
 * Node flags of the process that creates the embedded database on the first start
 * (scripts/start.mjs adds them to the server's own; bench/pglite/memory.ts measures with them).
 * A young generation of 1 MB: what PGlite lets go while it creates the database (initdb's
 * instances, a 25 MB tarball) is freed at once, not after the migrations: the process's peak
 * ~580–620 → ~470 MB, in the same time (docs/decisions/0036).
 */
export const FIRST_START_NODE_FLAGS = ["--max-semi-space-size=1"];
