/**
 * One PGlite start-up, measured in its own process (bench/pglite/memory.ts runs it):
 *   node bench/pglite/open-child.ts <dataDir> <json: { postgresqlconf?, initDbStartParams?, initialMemory? }> <migrate: 0|1>
 * Prints one JSON line: start-up ms, peak and idle RSS (MB), and the settings PGlite ran with.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { processMemoryMb } from "../server-process.ts";

const [dataDir, json, doMigrate] = process.argv.slice(2);
const settings = JSON.parse(json ?? "{}") as {
  postgresqlconf?: string[];
  initDbStartParams?: string[];
  initialMemory?: number;
};
const rss = (field: "VmRSS" | "VmHWM") => processMemoryMb(process.pid, field);
const t0 = performance.now();
const client = new PGlite({ dataDir, ...settings });
await client.waitReady;
if (doMigrate === "1") await migrate(drizzle({ client }), { migrationsFolder: "drizzle" });
const startMs = Math.round(performance.now() - t0);
const { rows } = await client.query<{ name: string; value: string }>(
  "select name, current_setting(name) as value from pg_settings where name in ('shared_buffers','work_mem','maintenance_work_mem','wal_buffers','temp_buffers','wal_segment_size')",
);
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 2_000));
global.gc?.();
console.log(
  JSON.stringify({
    startMs,
    peakMb: rss("VmHWM"),
    idleMb: rss("VmRSS"),
    settings: Object.fromEntries(rows.map((r) => [r.name, r.value])),
  }),
);
await client.close();
