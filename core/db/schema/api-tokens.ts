import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ownedByUser } from "./columns.ts";

/**
 * Personal API tokens for non-browser clients (extension, scripts). Only the SHA-256 hash of a
 * token is kept; `prefix` is the short public part people recognise it by. Revoking deletes
 * the row, so a revoked token stops working at the next request.
 */
export const apiToken = pgTable(
  "api_token",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** "full": every /api/v1 route; "extension": only the routes the browser extension uses. */
    scope: text("scope").$type<"full" | "extension">().notNull().default("full"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("api_token_user_id_idx").on(t.userId)],
);
