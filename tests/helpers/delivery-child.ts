/**
 * A delivery worker in its own process, for the crash tests:
 *   node tests/helpers/delivery-child.ts <databaseUrl> <leaseMs> <hang-after-claim|normal>
 * Prints "claimed <ids>" after each claim and "result <deliveryId> <kind>" after each send.
 * With hang-after-claim it stops after its first claim and waits to be killed.
 */
import pino from "pino";
import { openDatabase } from "../../core/db/client.ts";
import { startDeliveryWorker } from "../../core/notify/delivery-worker.ts";
import { testFetcher } from "./store-server.ts";

const [url, leaseMs, mode] = process.argv.slice(2);
if (!url) throw new Error("usage: delivery-child.ts <databaseUrl> <leaseMs> <mode>");
const database = await openDatabase({ kind: "postgres", url, maxConnections: 4 });
const fetcher = testFetcher();
const worker = startDeliveryWorker(
  {
    database,
    fetcher,
    mailer: {
      kind: "smtp",
      send: async () => {
        throw new Error("no mail in this test");
      },
    },
    log: pino({ level: "silent" }),
    publicUrl: "http://dropwave.test",
  },
  {
    pollMs: 50,
    leaseMs: Number(leaseMs),
    onClaim: async (ids) => {
      process.stdout.write(`claimed ${ids.join(",")}\n`);
      if (mode === "hang-after-claim") await new Promise(() => {});
    },
    onRound: (outcomes) => {
      for (const o of outcomes) process.stdout.write(`result ${o.deliveryId} ${o.result.kind}\n`);
    },
  },
);
process.stdout.write(`started ${worker.workerId}\n`);
