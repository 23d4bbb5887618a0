import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Instance-wide settings that every process must share (generated secrets, VAPID keys). */
export const appSetting = pgTable("app_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
