import { date, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * Each day's reference exchange rates as the feed published them (decision 0077): a group's
 * chart converts a past price at the rates of its own day. Instance-wide, written by every
 * process that reads the feed; a day's row is replaced by a later reading of the same day.
 */
export const referenceRateDay = pgTable("reference_rate_day", {
  /** The day the rates are for (YYYY-MM-DD), as the feed states it. */
  day: date("day", { mode: "string" }).primaryKey(),
  /** Units of each currency per one euro; EUR itself is 1. */
  perEur: jsonb("per_eur").$type<Record<string, number>>().notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
});
