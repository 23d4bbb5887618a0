import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per running process on PostgreSQL (core/worker-presence.ts): the process holds the
 * session advisory lock (WORKER_LOCK_NAMESPACE, id) on a connection of its own for its whole
 * life, so when the process dies PostgreSQL ends the session and drops the lock, and the others
 * free what `name` held (product and delivery claims, host slots) at once. Not used on PGlite.
 */
export const workerProcess = pgTable("worker_process", {
  /** The advisory lock's second key. */
  id: serial("id").primaryKey(),
  /** The name in lease_owner columns and host-slot keys (hostname:pid:random). */
  name: text("name").notNull(),
  /** The presence connection's backend, for people reading pg_stat_activity. */
  backendPid: integer("backend_pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
});
