/**
 * `npm run bench:heap`: how many full collections of the main heap a fresh Node process runs
 * while it allocates 1.4 GB of short-lived 700 KB byte arrays (page bodies, ~30 alive at a
 * time), with V8's defaults and with the flag server/heap-tuning.ts sets in check workers on
 * PostgreSQL (decision 0042). Set at run time, as the server sets it. Measured before: 13–16
 * full collections with the defaults, none with the flag. Exits 1 when the flag no longer
 * saves them (a Node upgrade that changed V8's heuristics).
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { EXTERNAL_MEMORY_IN_GLOBAL_LIMIT } from "../../server/heap-tuning.ts";

const tuningModule = fileURLToPath(new URL("../../server/heap-tuning.ts", import.meta.url));

function fullCollections(flags: readonly string[]): number {
  const script = `
    import { PerformanceObserver, constants } from "node:perf_hooks";
    const { applyHeapFlags } = await import(${JSON.stringify(tuningModule)});
    applyHeapFlags(${JSON.stringify(flags)});
    let full = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    });
    observer.observe({ entryTypes: ["gc"] });
    const held = [];
    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 20; i++) {
        const body = new Uint8Array(700_000);
        body[1] = 1;
        held.push(body);
        if (held.length > 30) held.shift();
      }
      // Between rounds, as between pages: the observer's entries and V8's tasks run.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The observer's last entries are delivered on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    process.stdout.write(String(full));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return Number(out);
}

const withDefaults = fullCollections([]);
const tuned = fullCollections([EXTERNAL_MEMORY_IN_GLOBAL_LIMIT]);
console.log(
  `Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}: ` +
    `1.4 GB of short-lived 700 KB arrays — ${withDefaults} full collections with V8's defaults, ` +
    `${tuned} with ${EXTERNAL_MEMORY_IN_GLOBAL_LIMIT}`,
);
if (tuned > 1 || withDefaults < 5) {
  console.log("The flag no longer saves the full collections it was chosen for (decision 0042).");
  process.exitCode = 1;
}
