import { z } from "zod";
import { PositiveMoney } from "../money/money.ts";

/**
 * Plans (issue #17): what each plan allows. The free plan is the instance's defaults
 * (MAX_WATCHES_PER_USER, MIN_CHECK_INTERVAL_MINUTES, MAX_CHANNELS_PER_USER); the operator's
 * paid plans come from the PLANS setting, each sold through a Stripe price.
 */

export type PlanLimits = {
  /** Products one person may track. */
  maxWatches: number;
  /** The shortest re-check interval they may choose. */
  minIntervalMinutes: number;
  /** Notification channels they may add. */
  maxChannels: number;
};

export type Plan = PlanLimits & {
  id: string;
  name: string;
  /** Absent for the free plan. */
  stripePriceId?: string;
  price?: { amountMinor: number; currency: string; interval: "month" | "year" };
};

export const FREE_PLAN_ID = "free";

const limit = z.number().int().positive();

/** One paid plan as the operator writes it in PLANS; a limit left out is the free plan's. */
export const PaidPlanInput = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "use 1–40 lower-case letters, digits and dashes")
    .refine((id) => id !== FREE_PLAN_ID, `"${FREE_PLAN_ID}" is the built-in free plan`),
  name: z.string().trim().min(1).max(40),
  stripePriceId: z.string().regex(/^price_[A-Za-z0-9_]+$/, "a Stripe price id (price_…)"),
  price: PositiveMoney.extend({ interval: z.enum(["month", "year"]) }),
  maxWatches: limit.optional(),
  minCheckIntervalMinutes: limit.optional(),
  maxChannels: limit.optional(),
});
export type PaidPlanInput = z.infer<typeof PaidPlanInput>;

/** The PLANS setting: a JSON array of paid plans with distinct ids and prices. */
export const PlansSetting = z
  .array(PaidPlanInput)
  .max(20)
  .superRefine((plans, ctx) => {
    for (const key of ["id", "stripePriceId"] as const) {
      const seen = new Set<string>();
      plans.forEach((plan, index) => {
        if (seen.has(plan[key]))
          ctx.addIssue({ code: "custom", path: [index, key], message: `repeats ${plan[key]}` });
        seen.add(plan[key]);
      });
    }
  });
export type PlansSetting = z.infer<typeof PlansSetting>;

export type PlanCatalogue = {
  free: Plan;
  paid: Plan[];
  /** The plan a person's stored plan id stands for; unknown ids (a removed plan) are free. */
  byId(id: string | null | undefined): Plan;
  byStripePrice(priceId: string): Plan | undefined;
};

export function planCatalogue(options: {
  freeLimits: PlanLimits;
  paid: PlansSetting;
}): PlanCatalogue {
  const free: Plan = { id: FREE_PLAN_ID, name: "Free", ...options.freeLimits };
  const paid: Plan[] = options.paid.map((input) => ({
    id: input.id,
    name: input.name,
    stripePriceId: input.stripePriceId,
    price: input.price,
    maxWatches: input.maxWatches ?? free.maxWatches,
    minIntervalMinutes: input.minCheckIntervalMinutes ?? free.minIntervalMinutes,
    maxChannels: input.maxChannels ?? free.maxChannels,
  }));
  return {
    free,
    paid,
    byId: (id) => paid.find((plan) => plan.id === id) ?? free,
    byStripePrice: (priceId) => paid.find((plan) => plan.stripePriceId === priceId),
  };
}
