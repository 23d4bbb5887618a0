/**
 * A check worker in its own process, for the multi-process tests:
 *   node tests/helpers/worker-child.ts <databaseUrl> <leaseMs> <batchSize> <concurrency>
 * Prints "claimed <n>" after each claim and "checked <productId> <kind>" after each check.
 */
import pino from "pino";
import { startWorker } from "../../core/checks/worker.ts";
import { openDatabase } from "../../core/db/client.ts";
import { testFetcher } from "./store-server.ts";

const [url, leaseMs, batchSize, concurrency] = process.argv.slice(2);
if (!url)
  throw new Error("usage: worker-child.ts <databaseUrl> <leaseMs> <batchSize> <concurrency>");
const database = await openDatabase({ kind: "postgres", url, maxConnections: 4 });
const fetcher = testFetcher({ hostConcurrency: 64 });
const worker = startWorker({
  database,
  fetcher,
  log: pino({ level: "silent" }),
  leaseMs: Number(leaseMs),
  batchSize: Number(batchSize),
  concurrency: Number(concurrency),
  pollMs: 50,
  overdueWindowMs: 0,
  onClaim: (products) => process.stdout.write(`claimed ${products.length}\n`),
  onCheck: (product, result) => process.stdout.write(`checked ${product.id} ${result.kind}\n`),
});
process.stdout.write(`started ${worker.workerId}\n`);
process.once("SIGTERM", () => {
  worker.stop().then(
    () => database.close().then(() => process.exit(0)),
    () => process.exit(1),
  );
});
