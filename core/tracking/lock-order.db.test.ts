import type pg from "pg";
import { describe, expect, it } from "vitest";
import { scratchPostgresForFile } from "../../tests/helpers/db.ts";
import { seedUser } from "../../tests/helpers/users.ts";
import { waitFor } from "../../tests/helpers/wait-for.ts";
import { CreateWatchInput, createWatch } from "./create-watch.ts";
import { deleteWatch, updateWatch } from "./update-watch.ts";

/**
 * A person's edit and a check's write touch the same rows from two connections, so this needs
 * a PostgreSQL server (PGlite is one connection): DATABASE_URL, else TEST_POSTGRES_URL, else the
 * local default; skipped with a message when none answers.
 */
const { isReachable, database } = await scratchPostgresForFile("lock-order", "dropwave_locks");

describe.skipIf(!isReachable)("lock order of watch edits and check writes", () => {
  async function watched(path: string) {
    const alice = await seedUser(database.current.db);
    const input = CreateWatchInput.parse({ url: `https://shop.example${path}` });
    const watch = await createWatch(
      database.current.db,
      { userId: alice.id, maxWatches: 10, minIntervalMinutes: 60, now: new Date() },
      input,
      { kind: "failed", code: "timeout", message: "not fetched in this test" },
    );
    return { alice, watch };
  }

  /**
   * Plays a check's write as check-store.ts takes its locks (the product row, then the watch
   * row), with `during` started in between; `during` must neither deadlock nor fail.
   */
  async function duringCheckWrite(
    productId: string,
    watchId: string,
    during: () => Promise<unknown>,
  ) {
    const pool = (database.current.db as unknown as { $client: pg.Pool }).$client;
    const check = await pool.connect();
    try {
      await check.query("begin");
      await check.query("update product set updated_at = now() where id = $1", [productId]);
      const edit = during();
      edit.catch(() => {}); // awaited below; a rejection must not go unhandled meanwhile
      await waitFor(async () => {
        const { rows } = await database.current.sql.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.n > 0;
      });
      await check.query("update watch set alert_state = alert_state where id = $1", [watchId]);
      await check.query("commit");
      return await edit;
    } finally {
      check.release();
    }
  }

  it("an edit of the watch waits for the check instead of deadlocking with it", async () => {
    const { alice, watch } = await watched("/p/edit");
    const view = await duringCheckWrite(watch.productId, watch.id, () =>
      updateWatch(
        database.current.db,
        { userId: alice.id, minIntervalMinutes: 60, now: new Date() },
        watch.id,
        { intervalMinutes: 120 },
      ),
    );
    expect(view).toMatchObject({ id: watch.id, intervalMinutes: 120 });
  });

  it("deleting the watch waits for the check instead of deadlocking with it", async () => {
    const { alice, watch } = await watched("/p/delete");
    await duringCheckWrite(watch.productId, watch.id, () =>
      deleteWatch(database.current.db, alice.id, watch.id),
    );
    const { rows } = await database.current.sql.query("select id from product where id = $1", [
      watch.productId,
    ]);
    expect(rows).toEqual([]);
  });
});
