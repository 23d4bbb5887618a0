import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Per-email attempt counters for sign-in, sign-up and password-reset requests, in fixed
 * windows. In the database so that every process shares them (better-auth's own limiter is
 * per client address; this one holds when many addresses try one email).
 */
export const emailRateLimit = pgTable("email_rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
