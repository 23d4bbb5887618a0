import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A person's plan (issue #17, docs/decisions/0028-plans-and-new-builds.md). No row means the
 * free plan. `planId` names a plan of the PLANS setting; one the operator has since removed
 * counts as free. Changed only by Stripe's webhooks (core/billing/stripe-events.ts).
 */
export const accountPlan = pgTable("account_plan", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  planId: text("plan_id").notNull(),
  /** Stripe's status of the subscription (active, trialing, past_due, canceled…). */
  status: text("status").notNull(),
  stripeCustomerId: text("stripe_customer_id").unique(),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** `created` (Unix seconds) of the newest Stripe event applied: older ones arrive late. */
  lastEventCreated: bigint("last_event_created", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe event received once: a redelivery of the same id changes nothing. */
export const stripeEvent = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
