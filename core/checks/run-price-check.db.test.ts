import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { checkDueProducts } from "../../tests/helpers/check-due.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { repoRoot } from "../../tests/helpers/fixtures.ts";
import { forThisFile } from "../../tests/helpers/for-file.ts";
import { productPage, startStoreServer, testFetcher } from "../../tests/helpers/store-server.ts";
import { trackPage } from "../../tests/helpers/track-page.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { alertEvent, product, watch } from "../db/schema/index.ts";
import { extractProduct } from "../extract/index.ts";
import { createExtractPool } from "../extract-pool/index.ts";
import { updateWatch } from "../tracking/update-watch.ts";
import { getWatch } from "../tracking/watch-view.ts";
import { checkNow } from "./check-now.ts";
import { readCheckState, storeReading } from "./check-store.ts";
import { claimDueProducts, releaseClaims, spreadOverdueChecks } from "./claim-due-products.ts";
import { factsFromExtraction } from "./observed-facts.ts";
import { type PriceCheckResult, runPriceCheck } from "./run-price-check.ts";
import { startWorker } from "./worker.ts";

const database = setupTestDatabase();
const challengeFixture = (name: string) => resolve(repoRoot, "tests/fixtures/challenges", name);
const log = pino({ level: "silent" });
const store = forThisFile(startStoreServer);
const newFetcher = () => testFetcher({ hostConcurrency: 16 });

const page = (price: string | null, currency = "USD", availability?: "InStock" | "OutOfStock") =>
  productPage({ title: "Thing", price, currency, availability });

const track = (userId: string, path: string, rule: unknown = { kind: "any_drop" }) =>
  trackPage(
    database.current.db,
    newFetcher(),
    { userId, maxWatches: 200 },
    { url: store.url(path), rule },
  );

async function makeDue(productId: string) {
  await database.current.db
    .update(product)
    .set({ nextCheckAt: new Date(Date.now() - 1_000) })
    .where(eq(product.id, productId));
}

/** One claim query as a worker makes it (a minute's lease unless said otherwise). */
function claim(workerId: string, now = new Date(), leaseMs = 60_000) {
  return claimDueProducts(database.current.sql, { workerId, batchSize: 10, leaseMs, now });
}

/** Claims everything due and checks it, one at a time (what one worker tick does). */
function checkDue(workerId = "w1", policy = {}): Promise<PriceCheckResult[]> {
  const fetcher = newFetcher();
  return checkDueProducts(database.current.sql, () => fetcher, {
    workerId,
    batchSize: 100,
    log,
    policy,
  });
}

async function eventsFor(watchId: string) {
  return database.current.db
    .select()
    .from(alertEvent)
    .where(eq(alertEvent.watchId, watchId))
    .orderBy(alertEvent.createdAt);
}

async function productRow(id: string) {
  const [row] = await database.current.db.select().from(product).where(eq(product.id, id));
  return row!;
}

describe("run-price-check", () => {
  it("stores a drop with one event in the same transaction and schedules the next check", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/drop", page("100.00"));
    const w = await track(alice.id, "/c/drop");
    await makeDue(w.productId);
    store.setPage("/c/drop", page("80.00"));
    const before = Date.now();
    const [result] = await checkDue();
    expect(result).toMatchObject({ kind: "checked", events: 1, isHeld: false });
    const events = await eventsFor(w.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: "price_drop",
      oldPriceMinor: 10_000,
      newPriceMinor: 8_000,
      currency: "USD",
      userId: alice.id,
    });
    const row = await productRow(w.productId);
    expect(row).toMatchObject({ priceMinor: 8_000, leaseOwner: null, leaseUntil: null });
    // 6 h interval, up to 10 % early.
    const delay = row.nextCheckAt.getTime() - before;
    expect(delay).toBeGreaterThan(0.89 * 360 * 60_000);
    expect(delay).toBeLessThanOrEqual(360 * 60_000 + 5_000);
    // The same price again: no second event.
    await makeDue(w.productId);
    const [again] = await checkDue();
    expect(again).toMatchObject({ kind: "checked", events: 0 });
    expect(await eventsFor(w.id)).toHaveLength(1);
  });

  it("never alerts on the first observation of a watch created without a reading", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/first", { status: 503, body: "down" });
    const w = await track(alice.id, "/c/first");
    store.setPage("/c/first", page("10.00"));
    await makeDue(w.productId);
    const [result] = await checkDue();
    expect(result).toMatchObject({ kind: "checked", events: 0 });
    store.setPage("/c/first", page("9.00"));
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ events: 1 });
  });

  it("holds a 95 % drop, re-checks at once, and alerts once when confirmed", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/steep", page("200.00"));
    const w = await track(alice.id, "/c/steep");
    store.setPage("/c/steep", page("1.00"));
    await makeDue(w.productId);
    const [held] = await checkDue();
    expect(held).toMatchObject({ kind: "checked", events: 0, isHeld: true });
    expect((await productRow(w.productId)).nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The immediate re-check is due without any help.
    const [confirmed] = await checkDue();
    expect(confirmed).toMatchObject({ kind: "checked", events: 1, isHeld: false });
    expect((await eventsFor(w.id)).map((e) => e.kind)).toEqual(["price_drop"]);
  });

  it("re-checks at once only once in a row: a page flickering between glitches is not hammered", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/flicker", page("200.00"));
    const w = await track(alice.id, "/c/flicker");
    store.setPage("/c/flicker", page("1.00"));
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ isHeld: true });
    store.setPage("/c/flicker", page("2.00"));
    const before = Date.now();
    const [second] = await checkDue();
    expect(second).toMatchObject({ kind: "checked", isHeld: true, events: 0 });
    const row = await productRow(w.productId);
    expect(row.nextCheckAt.getTime() - before).toBeGreaterThan(10 * 60_000);
    expect(row.lastOutcome).toBe("held");
  });

  it("holds a glitch and forgets it when the re-check shows the normal price", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/glitch", page("50.00"));
    const w = await track(alice.id, "/c/glitch");
    store.setPage("/c/glitch", page("2.00")); // 96 % lower (the extractor reads 0.00 as no price)
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ isHeld: true });
    store.setPage("/c/glitch", page("50.00"));
    expect((await checkDue())[0]).toMatchObject({ events: 0, isHeld: false });
    expect(await eventsFor(w.id)).toHaveLength(0);
  });

  it("a currency change is not a drop", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/cur", page("100.00", "USD"));
    const w = await track(alice.id, "/c/cur");
    store.setPage("/c/cur", page("90.00", "EUR"));
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ kind: "checked", events: 0 });
  });

  it("a rule already met at creation does not alert at the next check", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/met", page("39.99"));
    const w = await track(alice.id, "/c/met", {
      kind: "below_target",
      target: { amountMinor: 4_500, currency: "USD" },
    });
    const [row] = await db.select().from(watch).where(eq(watch.id, w.id));
    expect(row!.alertState).toMatchObject({ isRuleMet: true, lastPrice: { amountMinor: 3_999 } });
    store.setPage("/c/met", page("38.00"));
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ events: 0 });
  });

  it("back in stock alerts once through flapping within the hour", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/stock", page(null, "USD", "OutOfStock"));
    const w = await track(alice.id, "/c/stock", { kind: "back_in_stock" });
    for (const next of [page("20.00"), page(null, "USD", "OutOfStock"), page("20.00")]) {
      store.setPage("/c/stock", next);
      await makeDue(w.productId);
      expect((await checkDue())[0]).toMatchObject({ kind: "checked" });
    }
    expect((await eventsFor(w.id)).map((e) => e.kind)).toEqual(["back_in_stock"]);
  });

  it("failures back off, show the error in words, never alert, and send one unreachable notice per streak", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/fail", page("30.00"));
    const w = await track(alice.id, "/c/fail");
    store.setPage("/c/fail", { status: 404, body: "gone" });
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await makeDue(w.productId);
      const at = Date.now();
      const [result] = await checkDue("w1", { unreachableAfterFailures: 3 });
      expect(result).toMatchObject({ kind: "failed", failure: "http_error" });
      delays.push((await productRow(w.productId)).nextCheckAt.getTime() - at);
    }
    // 15 min doubling, up to 20 % early: each retry waits longer than the one before.
    expect(delays[0]).toBeGreaterThan(0.79 * 15 * 60_000);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    const view = await getWatch(db, alice.id, w.id);
    // Words only, once: the page adds the live wait ("… — retrying in 12 min").
    expect(view?.lastError).toBe("The store says this page no longer exists (HTTP 404)");
    expect(view?.consecutiveFailures).toBe(5);
    expect((await eventsFor(w.id)).map((e) => e.kind)).toEqual(["unreachable"]);
    // A success ends the streak; a new streak gets its own notice.
    store.setPage("/c/fail", page("30.00"));
    await makeDue(w.productId);
    expect((await checkDue())[0]).toMatchObject({ kind: "checked", events: 0 });
    expect((await productRow(w.productId)).consecutiveFailures).toBe(0);
    store.setPage("/c/fail", { status: 500, body: "oops" });
    for (let i = 0; i < 3; i += 1) {
      await makeDue(w.productId);
      await checkDue("w1", { unreachableAfterFailures: 3 });
    }
    expect((await eventsFor(w.id)).map((e) => e.kind)).toEqual(["unreachable", "unreachable"]);
  });

  it("a store in backoff postpones the check without counting a failure", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/backoff", page("10.00"));
    const w = await track(alice.id, "/c/backoff");
    await makeDue(w.productId);
    const before = await productRow(w.productId);
    const [claimed] = await claim("w1");
    const inBackoff = {
      fetchPage: async (url: string) =>
        ({ kind: "host_backoff", url, host: "127.0.0.1", retryAfterMs: 120_000 }) as const,
    };
    const at = Date.now();
    const result = await runPriceCheck({ sql: exec, fetcher: inBackoff, log }, claimed!);
    expect(result).toMatchObject({ kind: "deferred" });
    const row = await productRow(w.productId);
    expect(row.nextCheckAt.getTime() - at).toBeGreaterThanOrEqual(119_000);
    expect(row.nextCheckAt.getTime() - at).toBeLessThan(125_000);
    expect(row).toMatchObject({
      leaseOwner: null,
      leaseUntil: null,
      consecutiveFailures: 0,
      lastOutcome: before.lastOutcome,
      priceMinor: 1_000,
    });
    // The same deferral by a worker whose claim is gone writes nothing.
    const later = new Date(Date.now() + 86_400_000);
    await db
      .update(product)
      .set({ nextCheckAt: later, leaseOwner: "someone-else", leaseUntil: later })
      .where(eq(product.id, w.productId));
    expect(await runPriceCheck({ sql: exec, fetcher: inBackoff, log }, claimed!)).toEqual({
      kind: "lease_lost",
    });
    expect(await productRow(w.productId)).toMatchObject({
      nextCheckAt: later,
      leaseOwner: "someone-else",
    });
  });

  it("a page cut by the extraction pool's time budget is stored as too large to read, not waited on", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/hostile", page("10.00"));
    const w = await track(alice.id, "/c/hostile");
    // The page turns hostile: 4.5 MB of unclosed tags, about a second of extraction.
    store.setPage("/c/hostile", `<!doctype html><title>x</title>${"<div>".repeat(900_000)}`);
    await makeDue(w.productId);
    const [claimed] = await claim("w1");
    const pool = createExtractPool({ threads: 1, timeBudgetMs: 100 });
    try {
      const result = await runPriceCheck(
        { sql: exec, fetcher: newFetcher(), log, extract: pool.extract },
        claimed!,
      );
      expect(result).toMatchObject({ kind: "failed", failure: "too_large" });
      expect(await productRow(w.productId)).toMatchObject({
        lastOutcome: "too_large",
        consecutiveFailures: 1,
        leaseOwner: null,
        priceMinor: 1_000,
      });
    } finally {
      await pool.close();
    }
  });

  it("a captcha served with 200 is recognised where the page is read, inline and on the pool's thread", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/captcha", page("10.00"));
    const w = await track(alice.id, "/c/captcha");
    // The store now answers 200 with Amazon's robot check instead of the product.
    store.setPage("/c/captcha", readFileSync(challengeFixture("amazon-captcha.html"), "utf8"));
    const pool = createExtractPool({ threads: 1 });
    try {
      for (const extract of [undefined, pool.extract]) {
        await makeDue(w.productId);
        const [claimed] = await claim("w1");
        const result = await runPriceCheck(
          { sql: exec, fetcher: newFetcher(), log, extract },
          claimed!,
        );
        expect(result).toMatchObject({ kind: "failed", failure: "bot_challenge" });
      }
      expect(await productRow(w.productId)).toMatchObject({
        lastOutcome: "bot_challenge",
        consecutiveFailures: 2,
        priceMinor: 1_000,
      });
    } finally {
      await pool.close();
    }
  });

  it("recognises a challenge served with 403 in the fetcher, and reads a priced page that carries a captcha box", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/guarded", page("10.00"));
    const w = await track(alice.id, "/c/guarded");
    store.setPage("/c/guarded", {
      status: 403,
      body: readFileSync(challengeFixture("cloudflare-attention-required.html"), "utf8"),
    });
    await makeDue(w.productId);
    const [blocked] = await claim("w1");
    expect(await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, blocked!)).toMatchObject({
      kind: "failed",
      failure: "bot_challenge",
    });
    // The store's own page with PerimeterX's captcha box on it: it gives its price, so it is read
    // (docs/decisions/0040), where the fetcher's test alone would call it a challenge.
    store.setPage(
      "/c/guarded",
      page("9.00").replace("<body>", '<body><div id="px-captcha"></div>'),
    );
    await makeDue(w.productId);
    const [read] = await claim("w1");
    expect(await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, read!)).toMatchObject({
      kind: "checked",
    });
    expect(await productRow(w.productId)).toMatchObject({ lastOutcome: "ok", priceMinor: 900 });
  });

  it("writes nothing when the lease was taken over", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/lease", page("10.00"));
    const w = await track(alice.id, "/c/lease");
    await makeDue(w.productId);
    const [mine] = await claim("slow");
    expect(mine?.id).toBe(w.productId);
    // Not claimable while leased…
    expect(await claim("x", new Date(), 1)).toEqual([]);
    // …until the lease runs out; then another worker takes it.
    const later = new Date(Date.now() + 61_000);
    const [theirs] = await claim("fast", later);
    expect(theirs?.id).toBe(w.productId);
    store.setPage("/c/lease", page("5.00"));
    const result = await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, mine!);
    expect(result).toEqual({ kind: "lease_lost" });
    expect((await productRow(w.productId)).priceMinor).toBe(1_000);
    expect(await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, theirs!)).toMatchObject({
      kind: "checked",
      events: 1,
    });
  });

  it("a stale check of the same worker (its lease lapsed, then re-claimed) writes nothing", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/stale", page("10.00"));
    const w = await track(alice.id, "/c/stale");
    await makeDue(w.productId);
    const [old] = await claim("same");
    const [again] = await claim("same", new Date(Date.now() + 61_000));
    expect(again?.id).toBe(w.productId);
    store.setPage("/c/stale", page("5.00"));
    expect(await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, old!)).toEqual({
      kind: "lease_lost",
    });
    expect(await eventsFor(w.id)).toHaveLength(0);
    expect(await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, again!)).toMatchObject({
      kind: "checked",
      events: 1,
    });
  });

  it("a watch edited while its check was deciding gets neither the event nor the old rule's state", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/edit", page("100.00"));
    const w = await track(alice.id, "/c/edit");
    await makeDue(w.productId);
    store.setPage("/c/edit", page("80.00"));
    const [claimed] = await claim("w1");
    // The owner pauses the watch between the check's read and its write.
    const editing: typeof exec = {
      async query(text, params, options) {
        const answer = await exec.query(text, params, options);
        if (options?.name === "dropwave_check_read") {
          await db
            .update(watch)
            .set({ isPaused: true, updatedAt: new Date() })
            .where(eq(watch.id, w.id));
        }
        return answer as never;
      },
    };
    const result = await runPriceCheck({ sql: editing, fetcher: newFetcher(), log }, claimed!);
    expect(result).toMatchObject({ kind: "checked", events: 0 });
    expect(await eventsFor(w.id)).toHaveLength(0);
    const [row] = await db.select().from(watch).where(eq(watch.id, w.id));
    expect(row!.alertState).toMatchObject({ lastPrice: { amountMinor: 10_000 } });
    // The reading itself is stored: the product shows the new price.
    expect((await productRow(w.productId)).priceMinor).toBe(8_000);
  });

  it("switching the rule to any drop keeps the last price: the next check's drop alerts", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/rule-edit", page("100.00"));
    const w = await track(alice.id, "/c/rule-edit", {
      kind: "below_target",
      target: { amountMinor: 5_000, currency: "USD" },
    });
    // A first scheduled check at the same price, as on any watch that has been running.
    await makeDue(w.productId);
    expect(await checkDue()).toMatchObject([{ kind: "checked", events: 0 }]);
    // The owner edits the alert on the product page: "Any drop".
    await updateWatch(db, { userId: alice.id, minIntervalMinutes: 60, now: new Date() }, w.id, {
      rule: { kind: "any_drop" },
    });
    store.setPage("/c/rule-edit", page("90.00"));
    await makeDue(w.productId);
    expect(await checkDue()).toMatchObject([{ kind: "checked", events: 1 }]);
    expect(await eventsFor(w.id)).toMatchObject([
      { kind: "price_drop", oldPriceMinor: 10_000, newPriceMinor: 9_000 },
    ]);
  });

  it("a rule changed to a target the price already meets does not alert; a later drop below it after a rise does", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/rule-met", page("100.00"));
    const w = await track(alice.id, "/c/rule-met");
    await updateWatch(db, { userId: alice.id, minIntervalMinutes: 60, now: new Date() }, w.id, {
      rule: { kind: "below_target", target: { amountMinor: 12_000, currency: "USD" } },
    });
    store.setPage("/c/rule-met", page("99.00"));
    await makeDue(w.productId);
    expect(await checkDue()).toMatchObject([{ kind: "checked", events: 0 }]);
    store.setPage("/c/rule-met", page("130.00"));
    await makeDue(w.productId);
    await checkDue();
    store.setPage("/c/rule-met", page("110.00"));
    await makeDue(w.productId);
    expect(await checkDue()).toMatchObject([{ kind: "checked", events: 1 }]);
  });

  it("a watch whose rule row cannot be read is skipped loudly; the product's other watchers still alert", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    const bob = await seedUser(db);
    store.setPage("/c/unreadable", page("100.00"));
    const broken = await track(alice.id, "/c/unreadable");
    const fine = await track(bob.id, "/c/unreadable");
    // A row no rule makes (a hand edit, a bug): once read as "any drop", now refused.
    await db.update(watch).set({ ruleKind: "below_target" }).where(eq(watch.id, broken.id));
    const lines: string[] = [];
    const recording = pino({ level: "error" }, { write: (line: string) => lines.push(line) });
    store.setPage("/c/unreadable", page("90.00"));
    await makeDue(fine.productId);
    const [claimed] = await claim("w1");
    const result = await runPriceCheck(
      { sql: database.current.sql, fetcher: newFetcher(), log: recording },
      claimed!,
    );
    expect(result).toMatchObject({ kind: "checked", events: 1 });
    expect(await eventsFor(fine.id)).toHaveLength(1);
    expect(await eventsFor(broken.id)).toHaveLength(0);
    expect(lines.join("")).toContain("alert rule cannot be read");
    expect(lines.join("")).toContain(broken.id);
  });

  it("an interval shortened while the check was under way applies to its next check", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/interval", page("10.00"));
    const w = await track(alice.id, "/c/interval"); // every 6 h
    await makeDue(w.productId);
    const [claimed] = await claim("w1");
    expect(claimed?.checkIntervalMinutes).toBe(360);
    await updateWatch(db, { userId: alice.id, minIntervalMinutes: 60, now: new Date() }, w.id, {
      intervalMinutes: 60,
    });
    const at = Date.now();
    const result = await runPriceCheck({ sql: exec, fetcher: newFetcher(), log }, claimed!);
    expect(result).toMatchObject({ kind: "checked" });
    const delay = (await productRow(w.productId)).nextCheckAt.getTime() - at;
    expect(delay).toBeGreaterThan(0.89 * 60 * 60_000);
    expect(delay).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it("an unchanged reading joins the last history row and leaves the watch row alone", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    store.setPage("/c/same", page("12.00"));
    const w = await track(alice.id, "/c/same");
    const version = async () =>
      (await exec.query<{ v: string }>("select xmin::text as v from watch where id = $1", [w.id]))
        .rows[0]!.v;
    // The first check initialises nothing new (creation set the state): no watch write.
    const before = await version();
    for (let i = 0; i < 3; i += 1) {
      await makeDue(w.productId);
      expect((await checkDue())[0]).toMatchObject({ kind: "checked", events: 0 });
    }
    expect(await version()).toBe(before);
    const history = await exec.query<{ n: number; offsets: number }>(
      `select count(*)::int as n, max(cardinality(check_offsets))::int as offsets
         from price_observation where product_id = $1`,
      [w.productId],
    );
    expect(history.rows[0]).toEqual({ n: 1, offsets: 3 });
  });

  it("a check writes alert states and events only to its own product's watches", async () => {
    const { db, sql: exec } = database.current;
    const [alice, bob] = [await seedUser(db), await seedUser(db)];
    store.setPage("/c/own", page("10.00"));
    store.setPage("/c/other", page("10.00"));
    const mine = await track(alice.id, "/c/own");
    const theirs = await track(bob.id, "/c/other");
    await makeDue(mine.productId);
    const [claimed] = await claim("w1");
    expect(claimed?.id).toBe(mine.productId);
    const fence = {
      productId: claimed!.id,
      leaseOwner: claimed!.leaseOwner,
      leaseUntil: claimed!.leaseUntil,
    };
    const result = extractProduct(page("8.00"), store.url("/c/own"));
    const facts = factsFromExtraction(result);
    const state = await readCheckState(exec, fence, facts);
    // The watch's version to the microsecond, as the check's read gives it.
    const version = async (id: string) =>
      (
        await exec.query<{ v: string }>("select updated_at::text as v from watch where id = $1", [
          id,
        ])
      ).rows[0]!.v;
    const written = { lastPrice: { amountMinor: 1, currency: "USD" }, isRuleMet: true };
    const event = (watchId: string, watchUpdatedAt: string) => ({
      idempotencyKey: `own-${watchId}`,
      watchId,
      watchUpdatedAt,
      kind: "price_drop",
      oldPriceMinor: 1_000,
      newPriceMinor: 800,
      currency: "USD",
      details: {},
    });
    const stored = await storeReading(exec, fence, {
      at: new Date(),
      result,
      facts,
      outcome: "ok",
      nextCheckAt: new Date(Date.now() + 3_600_000),
      state: state!,
      stateWrites: [
        { watchId: mine.id, watchUpdatedAt: await version(mine.id), state: written },
        { watchId: theirs.id, watchUpdatedAt: await version(theirs.id), state: written },
      ],
      events: [event(mine.id, await version(mine.id)), event(theirs.id, await version(theirs.id))],
    });
    expect(stored).toEqual({ isFenceHeld: true, events: 1 });
    const states = await db
      .select()
      .from(watch)
      .where(sql`${watch.id} in ${[mine.id, theirs.id]}`);
    expect(states.find((w) => w.id === mine.id)!.alertState).toEqual(written);
    expect(states.find((w) => w.id === theirs.id)!.alertState).not.toEqual(written);
    expect(await eventsFor(mine.id)).toHaveLength(1);
    expect(await eventsFor(theirs.id)).toHaveLength(0);
  });

  it("a check's write finds the product's watches by index, not by reading every watch", async () => {
    const { db, sql: exec } = database.current;
    const [alice, many] = [await seedUser(db), await seedUser(db)];
    // A few thousand other watches: enough that reading them all is the planner's choice unless
    // the write names the product (it once read the whole table for every check).
    await exec.query(
      `with p as (
         insert into product (url_key, url, host, store, next_check_at)
         select 'https://many.example/p/' || g, 'https://many.example/p/' || g, 'many.example',
                'Many', now() + interval '1 day'
           from generate_series(1, 3000) g
         returning id)
       insert into watch (user_id, product_id) select $1, id from p`,
      [many.id],
    );
    await exec.query("analyze watch");
    store.setPage("/c/plan", page("10.00"));
    const w = await track(alice.id, "/c/plan");
    await makeDue(w.productId);
    store.setPage("/c/plan", page("8.00"));
    const plans: unknown[] = [];
    const explaining: typeof exec = {
      async query(text, params, options) {
        if (options?.name === "dropwave_check_store_reading") {
          const { rows } = await exec.query<{ "QUERY PLAN": unknown }>(
            `explain (format json) ${text}`,
            params,
          );
          plans.push(rows[0]!["QUERY PLAN"]);
        }
        return exec.query(text, params, options) as never;
      },
    };
    const [claimed] = await claim("w1");
    const result = await runPriceCheck({ sql: explaining, fetcher: newFetcher(), log }, claimed!);
    expect(result).toMatchObject({ kind: "checked", events: 1 });
    expect(plans).toHaveLength(1);
    const scans: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        const n = node as Record<string, unknown>;
        if (n["Relation Name"] === "watch") scans.push(String(n["Node Type"]));
        Object.values(n).forEach(walk);
      }
    };
    walk(typeof plans[0] === "string" ? JSON.parse(plans[0]) : plans[0]);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans).not.toContain("Seq Scan");
  });

  it("check now makes only the owner's product due at once", async () => {
    const { db } = database.current;
    const [alice, bob] = [await seedUser(db), await seedUser(db)];
    store.setPage("/c/now", page("10.00"));
    const w = await track(alice.id, "/c/now");
    await expect(checkNow(database.current, bob.id, w.id, new Date())).rejects.toThrow(/No such/);
    expect((await productRow(w.productId)).nextCheckAt.getTime()).toBeGreaterThan(Date.now());
    await checkNow(database.current, alice.id, w.id, new Date());
    expect((await productRow(w.productId)).nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("spreads checks missed during downtime instead of firing them together", async () => {
    const { db, sql: exec } = database.current;
    const alice = await seedUser(db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      store.setPage(`/c/down${i}`, page("10.00"));
      ids.push((await track(alice.id, `/c/down${i}`)).productId);
    }
    const now = new Date();
    await db
      .update(product)
      .set({ nextCheckAt: new Date(now.getTime() - 3 * 3_600_000) })
      .where(sql`${product.id} in ${ids}`);
    const moved = await spreadOverdueChecks(exec, {
      now,
      graceMs: 600_000,
      windowMs: 60_000,
      maxGapMs: 1_000_000,
    });
    expect(moved).toBeGreaterThanOrEqual(5);
    const times = (await db.select().from(product).where(sql`${product.id} in ${ids}`))
      .map((r) => r.nextCheckAt.getTime() - now.getTime())
      .sort((a, b) => a - b);
    expect(new Set(times).size).toBe(5);
    expect(times[0]).toBeGreaterThanOrEqual(0);
    expect(times[4]).toBeLessThan(60_000);
    await releaseClaims(exec, { workerId: "none", productIds: ids, now });
  });
});

describe("worker", () => {
  it("two workers racing on the same due set check each product exactly once", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    const paths: string[] = [];
    const productIds: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const path = `/race/${i}`;
      store.setPage(path, page("10.00"));
      productIds.push((await track(alice.id, path)).productId);
      paths.push(path);
    }
    const hitsBefore = paths.map((p) => store.hitsFor(p));
    for (const p of paths) store.setPage(p, page("9.00"));
    await db
      .update(product)
      .set({ nextCheckAt: new Date(Date.now() - 1_000) })
      .where(sql`${product.id} in ${productIds}`);
    let checked = 0;
    const onCheck = () => {
      checked += 1;
    };
    const workers = ["a", "b"].map((id) =>
      startWorker({
        database: database.current,
        fetcher: newFetcher(),
        log,
        workerId: id,
        concurrency: 4,
        batchSize: 5,
        pollMs: 20,
        overdueWindowMs: 0,
        onCheck,
      }),
    );
    await waitFor(() => checked >= 40, 15_000);
    await Promise.all(workers.map((w) => w.stop()));
    expect(paths.map((p, i) => store.hitsFor(p) - hitsBefore[i]!)).toEqual(paths.map(() => 1));
    const events = await db
      .select({ key: alertEvent.idempotencyKey })
      .from(alertEvent)
      .where(sql`${alertEvent.productId} in ${productIds}`);
    expect(events).toHaveLength(40);
  });

  it("wakes for check now through NOTIFY, not its (60 s) poll", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    store.setPage("/w/now", page("10.00"));
    const w = await track(alice.id, "/w/now");
    const checkedIds: string[] = [];
    let isIdle = false;
    const worker = startWorker({
      database: database.current,
      fetcher: newFetcher(),
      log,
      pollMs: 60_000,
      overdueWindowMs: 0,
      onIdle: () => {
        isIdle = true;
      },
      onCheck: (p) => checkedIds.push(p.id),
    });
    // Let the worker fall asleep (its claim found nothing due), then ask.
    await waitFor(() => isIdle, 5_000);
    await checkNow(database.current, alice.id, w.id, new Date());
    await waitFor(() => checkedIds.includes(w.productId), 5_000);
    await worker.stop();
  });
});

describe("worker lifecycle", () => {
  it("sleeps between claims when nothing is due (no busy loop)", async () => {
    let idleTimes: number[] = [];
    const worker = startWorker({
      database: database.current,
      fetcher: newFetcher(),
      log,
      pollMs: 150,
      overdueWindowMs: 0,
      onIdle: () => idleTimes.push(performance.now()),
    });
    await waitFor(() => idleTimes.length >= 4, 5_000);
    await worker.stop();
    idleTimes = idleTimes.slice(0, 4);
    // Nothing is due in this database now: each idle round waits (about) one poll interval.
    for (let i = 1; i < idleTimes.length; i += 1) {
      expect(idleTimes[i]! - idleTimes[i - 1]!).toBeGreaterThanOrEqual(140);
    }
  });

  it("a graceful stop finishes the checks in flight and gives unstarted claims back", async () => {
    const { db } = database.current;
    const alice = await seedUser(db);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      store.setPage(`/stop/${i}`, page("10.00"));
      ids.push((await track(alice.id, `/stop/${i}`)).productId);
      store.setPage(`/stop/${i}`, { body: page("10.00"), delayMs: 200 });
    }
    await db
      .update(product)
      .set({ nextCheckAt: new Date(Date.now() - 1_000) })
      .where(sql`${product.id} in ${ids}`);
    const checked: string[] = [];
    let claimed = 0;
    const worker = startWorker({
      database: database.current,
      fetcher: newFetcher(),
      log,
      concurrency: 1,
      batchSize: 6,
      pollMs: 20,
      overdueWindowMs: 0,
      onClaim: (products) => {
        claimed += products.length;
      },
      onCheck: (p, result) => {
        expect(result.kind).toBe("checked");
        checked.push(p.id);
      },
    });
    await waitFor(() => claimed >= 6, 5_000);
    await worker.stop();
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThan(6);
    const rows = await db.select().from(product).where(sql`${product.id} in ${ids}`);
    expect(rows.every((r) => r.leaseOwner === null)).toBe(true);
    const unstarted = rows.filter((r) => !checked.includes(r.id));
    expect(unstarted.length).toBe(6 - checked.length);
    // Given back: due at once for the next worker, not after the lease.
    expect(unstarted.every((r) => r.nextCheckAt.getTime() <= Date.now())).toBe(true);
    await db
      .update(product)
      .set({ nextCheckAt: new Date(Date.now() + 86_400_000) })
      .where(sql`${product.id} in ${ids}`);
  });
});
