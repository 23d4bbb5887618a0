import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { childProcesses } from "../../tests/helpers/child-processes.ts";
import { scratchPostgresForFile } from "../../tests/helpers/db.ts";
import { seedAlertEvent, seedChannel } from "../../tests/helpers/delivery.ts";
import { type LocalServer, startServer } from "../../tests/helpers/local-server.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { delivery, notificationSettings } from "../db/schema/index.ts";

/**
 * Real delivery worker processes killed with SIGKILL, on PostgreSQL (PGlite is one process):
 * DATABASE_URL, else TEST_POSTGRES_URL, else the local default; skipped with a message when
 * none answers.
 */
const { isReachable, database } = await scratchPostgresForFile(
  "delivery-processes",
  "dropwave_delivery",
);

const workers = childProcesses("delivery-child.ts");

type Hit = { key: string | undefined; at: number };

/** A webhook receiver; `holdFirst` never answers the first request (the sender dies mid-send). */
async function startHook(options: { holdFirst: boolean }) {
  const hits: Hit[] = [];
  const server: LocalServer = await startServer(
    async (req: IncomingMessage, res: ServerResponse) => {
      for await (const _ of req) {
        // drain the body
      }
      hits.push({
        key: req.headers["dropwave-idempotency-key"] as string | undefined,
        at: Date.now(),
      });
      if (options.holdFirst && hits.length === 1) return; // no answer, ever
      res.writeHead(200);
      res.end("ok");
    },
  );
  return { server, hits };
}

// Each test starts Node processes that load the app and wait out a lease: on a loaded CI machine
// that takes well over the default 20 s. The waits below are guards, not targets.
describe.skipIf(!isReachable)(
  "delivery worker processes on one PostgreSQL",
  { timeout: 120_000 },
  () => {
    afterAll(() => {
      workers.killAll();
    });

    async function seedWebhookEvent(origin: string) {
      const seeded = await seedAlertEvent(database.current.db);
      await database.current.db
        .insert(notificationSettings)
        .values({ userId: seeded.owner.id, isAccountEmailEnabled: false });
      await seedChannel(database.current.db, seeded.owner.id, {
        type: "webhook",
        url: `${origin}/hook`,
        secret: "whsec_0123456789abcdef",
      });
      return seeded;
    }

    async function statusOf(eventId: string) {
      const [row] = await database.current.db
        .select()
        .from(delivery)
        .where(eq(delivery.eventId, eventId));
      return row;
    }

    it("kill -9 between claim and send: delivered once after the lease lapses", async () => {
      const hook = await startHook({ holdFirst: false });
      try {
        const { event } = await seedWebhookEvent(hook.server.origin);
        const victim = spawnChild(1_500, "hang-after-claim");
        await waitFor(async () => victim.lines("claimed").length > 0, 50_000);
        await victim.kill9();
        expect(hook.hits).toHaveLength(0);
        const claimed = await statusOf(event.id);
        expect(claimed).toMatchObject({ status: "pending", attempts: 1 });
        expect(claimed?.leaseOwner).toBeTruthy();

        const rescuer = spawnChild(1_500, "normal");
        await waitFor(async () => (await statusOf(event.id))?.status === "delivered", 50_000);
        rescuer.child.kill("SIGTERM");
        expect(hook.hits.map((h) => h.key)).toEqual([event.idempotencyKey]);
        expect(await statusOf(event.id)).toMatchObject({ status: "delivered", attempts: 2 });
      } finally {
        await hook.server.close();
      }
    });

    it("kill -9 mid-send: delivered, at most one duplicate, with the same idempotency key", async () => {
      const hook = await startHook({ holdFirst: true });
      try {
        const { event } = await seedWebhookEvent(hook.server.origin);
        const victim = spawnChild(1_500, "normal");
        // The receiver has the request; the worker waits for an answer that never comes.
        await waitFor(async () => hook.hits.length === 1, 50_000);
        await victim.kill9();
        const rescuer = spawnChild(1_500, "normal");
        await waitFor(async () => (await statusOf(event.id))?.status === "delivered", 50_000);
        rescuer.child.kill("SIGTERM");
        expect(hook.hits.length).toBeGreaterThanOrEqual(2);
        expect(hook.hits.length).toBeLessThanOrEqual(2);
        expect(new Set(hook.hits.map((h) => h.key))).toEqual(new Set([event.idempotencyKey]));
      } finally {
        await hook.server.close();
      }
    });
  },
);

function spawnChild(leaseMs: number, mode: "hang-after-claim" | "normal") {
  return workers.start([database.current.url, String(leaseMs), mode]);
}
