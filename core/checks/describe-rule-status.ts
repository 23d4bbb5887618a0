import type { Availability } from "../extract/index.ts";
import type { Money } from "../money/index.ts";
import { formatMoney } from "../money/index.ts";
import type { AlertRule, Observation } from "./alert-rule.ts";
import { percentDropLevel } from "./decide-alerts.ts";

export type RuleStatusAtCreation = { isMetNow: boolean; message: string };

/**
 * Money in these messages as everywhere else people read it ("€39.99"): the one formatter
 * (core/money/format-money.ts). They said "39.99 EUR" beside a hub that says "€39.99" (#39 item 12).
 */
const plainMoney = (money: Money): string => formatMoney(money);

/**
 * What to tell the user right after they create a watch, so a rule that is already met is
 * said at once. Creating a watch never emits an alert event (docs/decisions/0007).
 */
export function describeRuleStatusAtCreation(
  rule: AlertRule,
  current: Observation | null,
): RuleStatusAtCreation {
  const read = current !== null && current.kind === "read" ? current : null;
  const isOut = read?.availability === "out_of_stock";
  const price = read !== null && read.status === "ok" && !isOut ? read.price : null;

  if (rule.kind === "back_in_stock") {
    if (read === null || read.availability === "unknown")
      return { isMetNow: false, message: "We'll tell you when it comes back in stock." };
    if (isOut)
      return { isMetNow: false, message: "Out of stock now — we'll tell you when it's back." };
    return {
      isMetNow: true,
      message: "Already in stock — we'll tell you if it sells out and comes back.",
    };
  }

  if (price === null) {
    const why = isOut ? "It's out of stock now" : "We couldn't read a price yet";
    return { isMetNow: false, message: `${why} — we'll compare from the first price we read.` };
  }

  switch (rule.kind) {
    case "any_drop":
      return {
        isMetNow: false,
        message: `We'll tell you when the price drops below ${plainMoney(price)}.`,
      };
    case "any_change":
      return {
        isMetNow: false,
        message: `We'll tell you when the price changes from ${plainMoney(price)}.`,
      };
    case "percent_drop": {
      const level = percentDropLevel(price, rule.percent);
      return {
        isMetNow: false,
        message: `We'll tell you when it drops ${rule.percent} % below ${plainMoney(price)} (to ${plainMoney(level)} or less).`,
      };
    }
    case "all_time_low":
      return {
        isMetNow: false,
        message: `We'll tell you when it's cheaper than it has ever been since Dropwave started tracking it (now ${plainMoney(price)}).`,
      };
    case "lowest_in_days":
      return {
        isMetNow: false,
        message: `We'll tell you when it's cheaper than at any time in the last ${rule.days} days (now ${plainMoney(price)}).`,
      };
    case "below_target": {
      if (rule.target.currency !== price.currency)
        return {
          isMetNow: false,
          message: `Your target is in ${rule.target.currency} but the store shows ${price.currency}, so we can't compare them.`,
        };
      // Saved, not refused: someone may want to hear when it comes back down after a rise.
      if (price.amountMinor <= rule.target.amountMinor)
        return {
          isMetNow: true,
          message: `Already below your target: ${plainMoney(price)} ≤ ${plainMoney(rule.target)}. We'll tell you if it rises above ${plainMoney(rule.target)} and comes back down.`,
        };
      return {
        isMetNow: false,
        message: `We'll tell you when it's ${plainMoney(rule.target)} or less (now ${plainMoney(price)}).`,
      };
    }
    case "rises_above": {
      if (rule.threshold.currency !== price.currency)
        return {
          isMetNow: false,
          message: `Your threshold is in ${rule.threshold.currency} but the store shows ${price.currency}, so we can't compare them.`,
        };
      if (price.amountMinor > rule.threshold.amountMinor)
        return {
          isMetNow: true,
          message: `Already above your threshold: ${plainMoney(price)} > ${plainMoney(rule.threshold)}. We'll tell you if it falls to ${plainMoney(rule.threshold)} or less and rises again.`,
        };
      return {
        isMetNow: false,
        message: `We'll tell you when it goes above ${plainMoney(rule.threshold)} (now ${plainMoney(price)}).`,
      };
    }
  }
}

/**
 * The same words for a watch as it is stored (after its rule was edited): from the product's
 * last reading. A target the price already meets is saved, with this note.
 */
export function describeRuleStatus(watch: {
  rule: AlertRule;
  price: Money | null;
  availability: string;
  extractStatus: string | null;
}): RuleStatusAtCreation {
  const availability: Availability =
    watch.availability === "in_stock" ||
    watch.availability === "out_of_stock" ||
    watch.availability === "preorder"
      ? watch.availability
      : "unknown";
  return describeRuleStatusAtCreation(
    watch.rule,
    watch.extractStatus === null
      ? null
      : {
          id: "now",
          kind: "read",
          status: watch.price === null ? "no_price" : "ok",
          price: watch.price,
          availability,
        },
  );
}
