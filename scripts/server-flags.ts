/**
 * Node flags the server process runs with (`npm start`, the browser tests, the benchmarks).
 *
 * `--liftoff-only`: WebAssembly runs on V8's baseline compiler only. The embedded database
 * (PGlite) is PostgreSQL compiled to WebAssembly, and V8's optimising tier compiling its largest
 * functions (the SQL parser, the executor) in the background is what made start-up peak at
 * ~870 MB (restart) to ~1.3 GB (first start) while the process idles at ~350–500 MB. With the
 * baseline compiler only, a restart peaks at ~300 MB; queries on PGlite run ~20–35 % slower
 * (docs/decisions/0031-pglite-baseline-wasm.md, `npm run bench:pglite`). Nothing else in the
 * server runs WebAssembly, so on PostgreSQL the flag changes nothing.
 *
 * V8 reads this flag only at process start (setting it later with `v8.setFlagsFromString`
 * does not reach the WebAssembly engine), so every place that starts the server passes it;
 * package.json's `start` script repeats it (scripts/server-flags.test.ts keeps the two equal).
 *
 * `--no-memory-protection-keys`: V8 write-protects its JIT and WebAssembly code pages with the
 * CPU's memory protection keys where the CPU has them (PKU: AMD EPYC, Intel Xeon, most servers),
 * and a race in its process-wide table of those pages aborts the whole process
 * (`Check failed: jit_page.has_value()`) when a worker thread is terminated while code is being
 * made elsewhere. The server terminates an extraction thread whenever a page runs past its time
 * budget, with PGlite's WebAssembly running on the main thread: a test of exactly that
 * (server/extraction-off-loop.db.test.ts) aborted this way once in CI on such a machine
 * (docs/decisions/0041-no-memory-protection-keys.md). V8 then treats code pages as it does on
 * CPUs without the keys.
 */
export const NO_MEMORY_PROTECTION_KEYS = "--no-memory-protection-keys";
export const SERVER_NODE_FLAGS = ["--liftoff-only", NO_MEMORY_PROTECTION_KEYS] as const;
