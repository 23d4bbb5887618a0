/**
 * Alert latency: a real check sees a price drop → the alert email arrives at a local SMTP
 * server, through the check worker, the alert_event row, fan-out and the delivery worker, all
 * with their production settings (check worker poll 1 s + check-now NOTIFY wake-up, delivery
 * poll 250 ms).
 *   npx node bench/notify/latency.ts [--runs 50] [--db pglite|postgres]
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (a uniquely named database is created and dropped). Prints p50/p99 and one JSON line.
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import pino from "pino";
import { checkNow } from "../../core/checks/check-now.ts";
import { startWorker } from "../../core/checks/worker.ts";
import { type Database, openDatabase } from "../../core/db/client.ts";
import { migrateDatabase } from "../../core/db/migrate.ts";
import { alertEvent } from "../../core/db/schema/index.ts";
import { createFetcher, createMemoryHostGate } from "../../core/fetch/index.ts";
import { createMailer } from "../../core/mail/mailer.ts";
import { startDeliveryWorker } from "../../core/notify/delivery-worker.ts";
import { CreateWatchInput, createWatch } from "../../core/tracking/create-watch.ts";
import { previewProduct } from "../../core/tracking/preview-product.ts";
import { createScratchDatabase } from "../../tests/helpers/postgres.ts";
import { startSmtpServer } from "../../tests/helpers/smtp.ts";
import { productPage, startStoreServer } from "../../tests/helpers/store-server.ts";
import { seedUser } from "../../tests/helpers/users.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "50" },
    db: { type: "string", default: "pglite" },
  },
});
const runs = Number(values.runs);
const log = pino({ level: "warn" });

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (values.db !== "postgres") {
    const database = await openDatabase({ kind: "pglite", dataDir: undefined });
    await migrateDatabase(database);
    return { database, drop: async () => {} };
  }
  const server =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  const scratch = await createScratchDatabase(server, "dropwave_bench_notify");
  const database = await openDatabase({ kind: "postgres", url: scratch.url, maxConnections: 8 });
  await migrateDatabase(database);
  return { database, drop: scratch.drop };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const { database, drop } = await open();
const store = await startStoreServer();
const smtp = await startSmtpServer();
const fetcher = createFetcher({
  version: "bench",
  publicUrl: "http://dropwave.bench",
  allowPrivate: ["127.0.0.1/32"],
  hostSpacingMs: 0,
  hostConcurrency: 100,
  hostGate: createMemoryHostGate({ concurrency: 100, spacingMs: 0 }),
});
const mailer = createMailer({
  from: "Dropwave <alerts@dropwave.bench>",
  smtpUrl: smtp.url,
  outboxDir: "/nonexistent",
  log,
});
const owner = await seedUser(database.db, "Bench");
const watches: { watchId: string; path: string }[] = [];
for (let i = 0; i < runs; i += 1) {
  const path = `/bench/${i}`;
  store.setPage(path, productPage({ title: `Product ${i}`, price: "10.00" }));
  const input = CreateWatchInput.parse({ url: store.url(path) });
  const view = await createWatch(
    database.db,
    { userId: owner.id, maxWatches: 100_000, minIntervalMinutes: 60, now: new Date() },
    input,
    await previewProduct(fetcher, input.url),
  );
  watches.push({ watchId: view.id, path });
}
const checker = startWorker({ database, fetcher, log, overdueWindowMs: 0 });
const delivery = startDeliveryWorker({
  database,
  fetcher,
  mailer,
  log,
  publicUrl: "http://dropwave.bench",
});

const fromCheckNow: number[] = [];
const fromEvent: number[] = [];
try {
  for (const [i, w] of watches.entries()) {
    store.setPage(w.path, productPage({ title: `Product ${i}`, price: "9.00" }));
    const before = smtp.messages.length;
    const started = Date.now();
    await checkNow(database, owner.id, w.watchId, new Date());
    const deadline = started + 30_000;
    while (smtp.messages.length === before) {
      if (Date.now() > deadline) throw new Error(`run ${i}: no email within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const arrived = Date.now();
    const [event] = await database.db
      .select({ createdAt: alertEvent.createdAt })
      .from(alertEvent)
      .where(eq(alertEvent.watchId, w.watchId));
    fromCheckNow.push(arrived - started);
    if (event) fromEvent.push(arrived - event.createdAt.getTime());
  }
} finally {
  await delivery.stop();
  await checker.stop();
  await fetcher.close();
  await smtp.close();
  await store.close();
  await database.close();
  await drop();
}
const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};
const report = {
  db: values.db,
  runs,
  checkNowToEmailMs: summary(fromCheckNow),
  eventToEmailMs: summary(fromEvent),
};
console.log(
  `check now → email: p50 ${report.checkNowToEmailMs.p50} ms, p99 ${report.checkNowToEmailMs.p99} ms; ` +
    `observation committed → email: p50 ${report.eventToEmailMs.p50} ms, p99 ${report.eventToEmailMs.p99} ms`,
);
console.log(JSON.stringify(report));
