import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { applyHeapFlags, EXTERNAL_MEMORY_IN_GLOBAL_LIMIT, heapFlagsFor } from "./heap-tuning.ts";

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
});
