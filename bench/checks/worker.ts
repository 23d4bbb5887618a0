/**
 * One benchmark worker process on PostgreSQL:
 *   node bench/checks/worker.ts <databaseUrl> <concurrency> <batchSize> <connections>
 * Runs until SIGTERM, then prints one JSON line: checks, CPU used and where the time went.
 */
import { openDatabase } from "../../core/db/client.ts";
import { applyHeapFlags, heapFlagsFor } from "../../server/heap-tuning.ts";
import { createWorkerStats, startBenchWorker } from "./bench-worker.ts";

const [url, concurrency, batchSize, connections] = process.argv.slice(2);
if (!url) throw new Error("usage: worker.ts <databaseUrl> <concurrency> <batchSize> <connections>");
// As `npm start -- --role=worker` on PostgreSQL runs (server/heap-tuning.ts).
applyHeapFlags(heapFlagsFor({ DATABASE_URL: url, DATA_DIR: "" }, "worker"));
const database = await openDatabase({ kind: "postgres", url, maxConnections: Number(connections) });
const stats = createWorkerStats();
const worker = startBenchWorker(database, stats, Number(concurrency), Number(batchSize));
process.stdout.write("ready\n");
process.once("SIGTERM", async () => {
  await worker.stop();
  await database.close();
  process.stdout.write(`${JSON.stringify(stats.report())}\n`);
  process.exit(0);
});
