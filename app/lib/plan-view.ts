import type { Plan } from "../../core/billing/plans.ts";
import { formatMoney } from "../../core/money/index.ts";

export type PlanView = {
  id: string;
  name: string;
  price: string | null;
  limits: string[];
};

function minutes(value: number): string {
  if (value % 1440 === 0) return value === 1440 ? "once a day" : `every ${value / 1440} days`;
  if (value % 60 === 0) return value === 60 ? "every hour" : `every ${value / 60} hours`;
  return `every ${value} minutes`;
}

/** A plan as the account and upgrade pages show it. */
export function toPlanView(plan: Plan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    price: plan.price
      ? `${formatMoney({ amountMinor: plan.price.amountMinor, currency: plan.price.currency })} a ${plan.price.interval}`
      : null,
    limits: [
      `Up to ${plan.maxWatches} products`,
      `Checks as often as ${minutes(plan.minIntervalMinutes)}`,
      `Up to ${plan.maxChannels} notification channels`,
    ],
  };
}
