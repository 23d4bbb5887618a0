import {
  FREE_SHIPPING,
  FREE_SHIPPING_ALL,
  PROMOTION_BEFORE,
  SHIPPING_CONDITION,
  SHIPPING_COST_AFTER,
  SHIPPING_COST_BEFORE,
  SHIPPING_THRESHOLD_AFTER,
  SHIPPING_THRESHOLD_BEFORE,
  SHIPPING_WORD,
} from "./vocabulary/patterns.ts";

/**
 * What an amount says of delivery, from the words around it (issue #37 item 6):
 * - `threshold`: free delivery from this order value ("Free shipping on orders over $35",
 *   "Kostenloser Versand ab 29 €", "Livraison gratuite dès 25 €");
 * - `cost`: what delivery costs ("Shipping: €4.95", "+ $4.99 shipping", "Versand 4,95 €",
 *   "+ 3,00 € Livraison"; "Shipping: $0.00" is free);
 * - null: anything else, and what is conditional or relative ("Spend $5 more for free
 *   shipping", "free shipping over $50 with code X", "shipping from $4.99": `isFrom`).
 * `lead` is the text before the amount's number, `rest` the text after its number and currency.
 */
export function shippingOfAmount(
  lead: string,
  rest: string,
  isFrom: boolean,
): "threshold" | "cost" | null {
  const before = lead.slice(-60).toLowerCase();
  const after = rest.slice(0, 40).toLowerCase();
  const near = `${before.slice(-40)} ${after.slice(0, 20)}`;
  if (!SHIPPING_WORD.test(near)) return null;
  if (SHIPPING_CONDITION.test(`${before.slice(-40)} ${after}`)) return null;
  if (isThreshold(before, after)) return "threshold";
  if (isFrom || PROMOTION_BEFORE.test(before)) return null;
  if (SHIPPING_COST_BEFORE.test(before) && !FREE_SHIPPING.test(before.slice(-30))) return "cost";
  const label = SHIPPING_COST_AFTER.exec(after);
  // "$4.99 shipping", not "$4.99 shipping free" (what follows further is another sentence).
  if (label && !FREE_SHIPPING.test(after.slice(0, label[0].length + 12))) return "cost";
  return null;
}

/**
 * Free-shipping words before the amount with no other figure between ("Free shipping on $99+
 * orders $10.95" is a price after a threshold), and a threshold's words right before it or
 * right after it ("$35+", "$50 and up").
 */
function isThreshold(before: string, after: string): boolean {
  let end = -1;
  for (const m of before.matchAll(FREE_SHIPPING_ALL)) end = m.index + m[0].length;
  if (end < 0 || /\d/.test(before.slice(end))) return false;
  return isThresholdLead(before, after);
}

/** A threshold's words right before its amount, or right after it. */
function isThresholdLead(before: string, after: string): boolean {
  const rest = after.replace(/^[\d.,' ]*\d/, "");
  return (
    SHIPPING_THRESHOLD_BEFORE.test(before) ||
    PROMOTION_BEFORE.test(before) ||
    SHIPPING_THRESHOLD_AFTER.test(rest)
  );
}

/**
 * The price itself (or its unit price, "($0.90 / 100 g)" taken off) followed by "+ FREE
 * Shipping", "& free delivery", "und kostenloser Versand".
 */
export function isFreeAfter(rest: string): boolean {
  const after = rest.slice(0, 40).toLowerCase();
  const match = FREE_SHIPPING.exec(after);
  if (!match || SHIPPING_CONDITION.test(after)) return false;
  // "Free shipping over $49" right after the price: free from a threshold, not for this order.
  const next = after.slice(match.index + match[0].length, match.index + match[0].length + 30);
  const digit = next.search(/\d/);
  if (digit >= 0 && isThresholdLead(next.slice(0, digit), next.slice(digit))) return false;
  // Nothing but signs and at most one short word ("and", "und", "et", "mit", "inkl.") between.
  return /^[\s+&,.()]*(?:\p{L}{1,4}\.?\s+)?$/u.test(after.slice(0, match.index));
}
