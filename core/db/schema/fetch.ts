import { bigint, jsonb, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Shared politeness state per host for the SQL host gate (core/fetch/host-gate.ts, which also
 * exports the same table as raw DDL, HOST_GATE_DDL). Times are epoch milliseconds from the
 * database clock; `leases` maps a lease id to its expiry.
 */
export const fetchHostGate = pgTable("fetch_host_gate", {
  host: text("host").primaryKey(),
  lastStartMs: bigint("last_start_ms", { mode: "number" }).notNull().default(0),
  notBeforeMs: bigint("not_before_ms", { mode: "number" }).notNull().default(0),
  leases: jsonb("leases").$type<Record<string, number>>().notNull().default({}),
});
