import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyHeapFlags, EXTERNAL_MEMORY_IN_GLOBAL_LIMIT, heapFlagsFor } from "./heap-tuning.ts";

const tuningModule = fileURLToPath(new URL("./heap-tuning.ts", import.meta.url));

/**
 * Full collections of the main heap while a fresh Node process allocates 1.4 GB of short-lived
 * 700 KB byte arrays (page bodies, ~30 alive at a time), with the heap flags set at run time
 * as the server sets them, or none.
 */
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    process.stdout.write(String(full));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return Number(out);
}

describe("the heap's flags", () => {
  it("count external memory in the global limit where the check worker runs on PostgreSQL", () => {
    const postgres = { DATABASE_URL: "postgres://db.internal/dropwave", DATA_DIR: "data" };
    expect(heapFlagsFor(postgres, "worker")).toEqual([EXTERNAL_MEMORY_IN_GLOBAL_LIMIT]);
    expect(heapFlagsFor(postgres, "all")).toEqual([EXTERNAL_MEMORY_IN_GLOBAL_LIMIT]);
    // The web role reads few pages (previews): V8's defaults, as measured.
    expect(heapFlagsFor(postgres, "web")).toEqual([]);
    // The embedded server keeps V8's defaults: the flag costs it ~210 MB of peak memory.
    expect(heapFlagsFor({ DATABASE_URL: undefined, DATA_DIR: "data" }, "all")).toEqual([]);
    expect(heapFlagsFor({ DATABASE_URL: "", DATA_DIR: "data" }, "all")).toEqual([]);
  });

  it("name a flag this Node's V8 has (an upgrade that drops it fails here, not silently)", () => {
    const options = execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8" });
    expect(options).toContain(`${EXTERNAL_MEMORY_IN_GLOBAL_LIMIT} (`);
  });

  it("are each handed to V8", () => {
    const set: string[] = [];
    applyHeapFlags(["--one", "--two"], (flag) => set.push(flag));
    expect(set).toEqual(["--one", "--two"]);
  });

  it("set at run time, stop short-lived page bytes from forcing full collections", () => {
    const withDefaults = fullCollections([]);
    const tuned = fullCollections([EXTERNAL_MEMORY_IN_GLOBAL_LIMIT]);
    // Measured: 13–16 full collections with V8's defaults, none with the flag.
    expect(withDefaults).toBeGreaterThanOrEqual(5);
    expect(tuned).toBeLessThanOrEqual(1);
  });
});
