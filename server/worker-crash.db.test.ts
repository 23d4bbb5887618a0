import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reapDeadWorkers } from "../core/worker-presence.ts";
import { childProcesses, type TestChild } from "../tests/helpers/child-processes.ts";
import { scratchPostgresForFile } from "../tests/helpers/db.ts";
import { productPage } from "../tests/helpers/store-server.ts";
import { waitFor } from "../tests/helpers/wait-for.ts";

/**
 * Issue #40: a worker process (the server's own entry, --role=worker) killed with SIGKILL while
 * it holds product claims, delivery claims and host slots; a second worker finishes that work
 * within seconds, not after the leases (5 min, 2 min, 120 s). PostgreSQL only (PGlite is one
 * process): DATABASE_URL, else TEST_POSTGRES_URL, else the local default; skipped otherwise.
 */
const { isReachable, database } = await scratchPostgresForFile("worker-crash", "dropwave_crash");
const servers = childProcesses("server-child.ts");

/**
 * A local server that answers after `delayMs`, or, while `hold` is on, keeps every request
 * waiting (the worker sending it keeps its claim and its host slot) until `hold` goes off.
 */
async function startHoldingServer(host: string, answer: (req: IncomingMessage) => string) {
  const seen: IncomingMessage[] = [];
  const held: Array<() => void> = [];
  const state = { isHolding: false, answeredBeforeHold: 0 };
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    for await (const _ of req) {
      // drain the body
    }
    seen.push(req);
    const reply = () => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(answer(req));
    };
    if (state.isHolding) held.push(reply);
    else setTimeout(reply, 100);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    seen,
    state,
    release() {
      state.isHolding = false;
      for (const reply of held.splice(0)) reply();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!isReachable)("a worker process killed with SIGKILL", { timeout: 180_000 }, () => {
  let store: Awaited<ReturnType<typeof startHoldingServer>>;
  let hook: Awaited<ReturnType<typeof startHoldingServer>>;
  beforeAll(async () => {
    store = await startHoldingServer("127.0.0.1", () =>
      productPage({ title: "Kettle", price: "9.00" }),
    );
    hook = await startHoldingServer("127.0.0.2", () => "ok");
  });
  afterAll(async () => {
    servers.killAll();
    store.release();
    hook.release();
    await Promise.all([store?.close(), hook?.close()]);
  });

  const q = async <T>(text: string, params: unknown[] = []) =>
    (await database.current.sql.query<T & Record<string, unknown>>(text, params)).rows;
  const count = async (text: string, params: unknown[] = []) =>
    Number((await q<{ n: number }>(text, params))[0]?.n);

  function startWorker(): TestChild {
    return servers.start(["--role=worker"], {
      DATABASE_URL: database.current.url,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://dropwave.test",
      FETCH_ALLOW_PRIVATE: "127.0.0.0/8",
      FETCH_HOST_CONCURRENCY: "2",
      FETCH_HOST_SPACING_MS: "0",
      // Held requests wait as long as the test needs (a starting worker is slow on a busy
      // machine): a send must not give up on its own before the kill.
      FETCH_TIMEOUT_MS: "110000",
      // One loopback receiver takes every alert here: its cap (decision 0066) raised, as an
      // operator does for a receiver of their own, so the count of alerts is the test's choice.
      RECEIVER_MAX_PER_MINUTE: "1000",
      RECEIVER_MAX_PER_HOUR: "10000",
    });
  }
  const nameOf = (worker: TestChild) => worker.lines("started")[0]?.split(" ")[2] ?? "";

  it("a second worker checks its products and sends its alerts within 15 s, once each", async () => {
    const products = 12;
    // Two people watch every product at 10.00, each with a webhook; every page says 9.00.
    await q(
      `insert into "user" (id, name, email)
       select 'u' || g, 'Watcher ' || g, 'u' || g || '@example.test' from generate_series(1, 2) g`,
    );
    await q(
      `insert into notification_settings (user_id, is_account_email_enabled)
       select id, false from "user"`,
    );
    await q(
      `insert into notification_channel (user_id, kind, name, config)
       select id, 'webhook', 'Hook', jsonb_build_object('type', 'webhook',
           'url', $1 || '/hook/' || id, 'secret', 'whsec_0123456789abcdef') from "user"`,
      [hook.origin],
    );
    await q(
      `insert into product (url_key, url, host, store, next_check_at, check_interval_minutes)
       select $1 || '/p/' || g, $1 || '/p/' || g, '127.0.0.1', 'test', now() + interval '1 day', 360
         from generate_series(1, $2::int) g`,
      [store.origin, products],
    );
    await q(
      `insert into watch (user_id, product_id, interval_minutes, alert_state)
       select u.id, p.id, 360, jsonb_build_object(
           'lastPrice', jsonb_build_object('amountMinor', 1000, 'currency', 'USD'),
           'baselinePrice', jsonb_build_object('amountMinor', 1000, 'currency', 'USD'),
           'lastAvailability', 'in_stock', 'isRuleMet', false)
         from product p cross join "user" u`,
    );
    const watches = products * 2;

    const victim = startWorker();
    await waitFor(() => victim.lines("started").length > 0, 60_000);
    const victimName = nameOf(victim);
    expect(victimName).not.toBe("");
    const runStart = new Date();
    await q("update product set next_check_at = now()");
    // The first pages answer (their alerts go out); then the store and the receiver keep every
    // request waiting, so the victim holds claims and slots of both.
    await waitFor(() => store.seen.length >= 2, 60_000);
    store.state.isHolding = true;
    hook.state.isHolding = true;
    const held = async () => ({
      products: await count(
        "select count(*)::int as n from product where lease_owner = $1 and last_checked_at is null",
        [victimName],
      ),
      deliveries: await count(
        "select count(*)::int as n from delivery where lease_owner = $1 and status = 'pending'",
        [victimName],
      ),
      slots: await count(
        `select count(*)::int as n from fetch_host_gate g, jsonb_object_keys(g.leases) k
          where split_part(k, ' ', 1) = $1`,
        [victimName],
      ),
      storeSlots: await count(
        `select count(*)::int as n from fetch_host_gate g, jsonb_object_keys(g.leases) k
          where g.host = '127.0.0.1' and split_part(k, ' ', 1) = $1`,
        [victimName],
      ),
    });
    await waitFor(async () => {
      const h = await held();
      return h.products > 0 && h.deliveries > 0 && h.storeSlots > 0 && h.slots > h.storeSlots;
    }, 60_000);

    // A slow but living worker keeps what it holds: stopped, its session stays, nothing is freed.
    victim.child.kill("SIGSTOP");
    const reaped = await reapDeadWorkers(database.current.sql, {
      now: new Date(),
      deliveryGraceMs: 2_000,
    });
    expect(reaped.workers).toEqual([]);
    victim.child.kill("SIGCONT");

    const rescuer = startWorker();
    await waitFor(() => rescuer.lines("started").length > 0, 60_000);
    const atKill = await held();
    expect(atKill.products).toBeGreaterThan(0);
    expect(atKill.deliveries).toBeGreaterThan(0);
    expect(atKill.slots).toBeGreaterThan(0);
    const postsBeforeKill = hook.seen.length;

    await victim.kill9();
    const killedAt = Date.now();
    store.release();
    hook.release();

    const allChecked = async () =>
      (await count(
        "select count(*)::int as n from product where last_checked_at >= $1::timestamptz",
        [runStart.toISOString()],
      )) === products;
    const allDelivered = async () =>
      (await count("select count(*)::int as n from delivery where status = 'delivered'")) ===
      watches;
    try {
      await waitFor(async () => (await allChecked()) && (await allDelivered()), 15_000, 50);
    } catch (error) {
      console.warn(
        JSON.stringify({
          atKill,
          products: await q(
            "select lease_owner, last_checked_at is not null as c, next_check_at from product",
          ),
          deliveries: await q(
            "select status, lease_owner, next_attempt_at, attempts from delivery",
          ),
          workers: await q("select * from worker_process"),
          gate: await q("select * from fetch_host_gate"),
          rescuer: rescuer.lines("started"),
          now: new Date(),
        }),
      );
      throw error;
    }
    const tookMs = Date.now() - killedAt;

    // One event per watch, none missed; every alert delivered, repeats only of what reached
    // the receiver before the kill (the same idempotency key: at least once).
    const events = await q<{ watch_id: string; n: number }>(
      "select watch_id, count(*)::int as n from alert_event group by watch_id",
    );
    expect(events).toHaveLength(watches);
    expect(events.every((e) => Number(e.n) === 1)).toBe(true);
    const keys = hook.seen.map((r) => String(r.headers["dropwave-idempotency-key"]));
    expect(new Set(keys).size).toBe(watches);
    expect(keys.length - watches).toBeLessThanOrEqual(postsBeforeKill);
    expect(
      await count("select count(*)::int as n from worker_process where name = $1", [victimName]),
    ).toBe(0);
    expect(tookMs).toBeLessThan(15_000);
    rescuer.child.kill("SIGTERM");
    await rescuer.closed;
  });
});
