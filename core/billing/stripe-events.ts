import { eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { accountPlan, stripeEvent, user } from "../db/schema/index.ts";
import { getPlanLimits } from "./account-plan.ts";
import { fitWatchesToPlan } from "./fit-watches-to-plan.ts";
import { FREE_PLAN_ID, type PlanCatalogue } from "./plans.ts";

/**
 * Stripe's webhooks change plans (issue #17). The transport verifies the signature with the
 * `stripe` package first (server/api/billing.ts); this applies a verified event: once per
 * event id (a redelivery changes nothing), and never over a newer event's outcome (Stripe
 * does not promise order, so each row keeps the `created` time of the event it reflects).
 */

/** A Stripe id field: a string, or the object when expanded. */
const StripeRef = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);

/** The envelope of every event: what is needed to deduplicate and order it. */
export const StripeEventInput = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]+$/),
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventInput = z.infer<typeof StripeEventInput>;

const CheckoutSession = z.object({
  mode: z.string().optional(),
  client_reference_id: z.string().nullish(),
  customer: StripeRef.nullish(),
  subscription: StripeRef.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const Subscription = z.object({
  id: z.string(),
  customer: StripeRef,
  status: z.string(),
  items: z.object({ data: z.array(z.object({ price: z.object({ id: z.string() }) })) }),
  metadata: z.record(z.string(), z.string()).nullish(),
});

export type StripeEventOutcome =
  | { outcome: "applied"; userId: string; planId: string; status: string }
  | { outcome: "duplicate" }
  | { outcome: "stale"; userId: string }
  | { outcome: "ignored"; reason: string };

type PlanChange = {
  userId: string;
  planId: string;
  status: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

/** A data.object that does not have the fields its type promises: a 400 for the sender. */
export class StripeEventShapeError extends Error {
  constructor(type: string, issues: z.core.$ZodIssue[]) {
    super(`${type}: ${issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
    this.name = "StripeEventShapeError";
  }
}

function parseObject<T extends z.ZodType>(schema: T, event: StripeEventInput): z.infer<T> {
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) throw new StripeEventShapeError(event.type, parsed.error.issues);
  return parsed.data;
}

export async function applyStripeEvent(
  db: Db,
  catalogue: PlanCatalogue,
  event: StripeEventInput,
): Promise<StripeEventOutcome> {
  return db.transaction(async (tx) => {
    const [isNew] = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!isNew) return { outcome: "duplicate" };
    const change = await planChangeOf(tx as unknown as Db, catalogue, event);
    if ("reason" in change) return { outcome: "ignored", reason: change.reason };
    const [written] = await tx
      .insert(accountPlan)
      .values({ ...change, lastEventCreated: event.created })
      .onConflictDoUpdate({
        target: accountPlan.userId,
        set: {
          planId: change.planId,
          status: change.status,
          // A later event without a customer keeps the one already known.
          stripeCustomerId: sql`coalesce(excluded.stripe_customer_id, ${accountPlan.stripeCustomerId})`,
          stripeSubscriptionId: sql`coalesce(excluded.stripe_subscription_id, ${accountPlan.stripeSubscriptionId})`,
          lastEventCreated: event.created,
          updatedAt: new Date(),
        },
        setWhere: lte(accountPlan.lastEventCreated, event.created),
      })
      .returning({ userId: accountPlan.userId });
    if (!written) return { outcome: "stale", userId: change.userId };
    return {
      outcome: "applied",
      userId: change.userId,
      planId: change.planId,
      status: change.status,
    };
  });
}

async function planChangeOf(
  db: Db,
  catalogue: PlanCatalogue,
  event: StripeEventInput,
): Promise<PlanChange | { reason: string }> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = parseObject(CheckoutSession, event);
      if (session.mode !== "subscription") return { reason: "not a subscription checkout" };
      const userId = session.client_reference_id;
      if (!userId || !(await isAccount(db, userId))) return { reason: "no such account" };
      const plan = catalogue.byId(session.metadata?.planId);
      if (plan.id === FREE_PLAN_ID) return { reason: "no plan of this instance in metadata" };
      return {
        userId,
        planId: plan.id,
        status: "active",
        stripeCustomerId: session.customer ?? null,
        stripeSubscriptionId: session.subscription ?? null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = parseObject(Subscription, event);
      const userId = await ownerOf(db, subscription.customer, subscription.metadata?.userId);
      if (!userId) return { reason: "no account for this customer" };
      const isDeleted = event.type === "customer.subscription.deleted";
      const priceId = subscription.items.data[0]?.price.id;
      const plan = priceId ? catalogue.byStripePrice(priceId) : undefined;
      return {
        userId,
        planId: isDeleted || !plan ? FREE_PLAN_ID : plan.id,
        status: isDeleted ? "canceled" : subscription.status,
        stripeCustomerId: subscription.customer,
        stripeSubscriptionId: subscription.id,
      };
    }
    default:
      return { reason: `${event.type} is not used` };
  }
}

async function isAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return Boolean(row);
}

/** The account a customer belongs to: known from Checkout, or named in the metadata we set. */
async function ownerOf(
  db: Db,
  customerId: string,
  metadataUserId: string | undefined,
): Promise<string | null> {
  const [known] = await db
    .select({ userId: accountPlan.userId })
    .from(accountPlan)
    .where(eq(accountPlan.stripeCustomerId, customerId));
  if (known) return known.userId;
  if (metadataUserId && (await isAccount(db, metadataUserId))) return metadataUserId;
  return null;
}

/**
 * A verified event, applied (once, in order), then the owner's watches fitted to the plan it
 * left them on (core/billing/fit-watches-to-plan.ts).
 */
export async function handleStripeEvent(
  db: Db,
  catalogue: PlanCatalogue,
  event: StripeEventInput,
  now: Date,
): Promise<StripeEventOutcome & { movedWatches: number }> {
  const result = await applyStripeEvent(db, catalogue, event);
  if (result.outcome !== "applied") return { ...result, movedWatches: 0 };
  const limits = await getPlanLimits(db, catalogue, result.userId);
  return { ...result, movedWatches: await fitWatchesToPlan(db, result.userId, limits, now) };
}
