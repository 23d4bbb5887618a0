import { describe, expect, it } from "vitest";
import type { Availability } from "../extract/index.ts";
import type { AlertRule, Observation } from "./alert-rule.ts";
import { describeRuleStatusAtCreation } from "./describe-rule-status.ts";

const eur = (amountMinor: number) => ({ amountMinor, currency: "EUR" });
const reading = (
  amountMinor: number | null,
  availability: Availability = "in_stock",
): Observation => ({
  id: "c",
  kind: "read",
  status: amountMinor === null ? "no_price" : "ok",
  price: amountMinor === null ? null : eur(amountMinor),
  availability,
});

const rows: [string, AlertRule, Observation | null, boolean, string][] = [
  [
    "below target already met",
    { kind: "below_target", target: eur(4500) },
    reading(3999),
    true,
    "Already below your target: €39.99 ≤ €45.00. We'll tell you if it rises above €45.00 and comes back down.",
  ],
  [
    "below target exactly met",
    { kind: "below_target", target: eur(4500) },
    reading(4500),
    true,
    "Already below your target: €45.00 ≤ €45.00. We'll tell you if it rises above €45.00 and comes back down.",
  ],
  [
    "below target not met",
    { kind: "below_target", target: eur(4500) },
    reading(5200),
    false,
    "We'll tell you when it's €45.00 or less (now €52.00).",
  ],
  [
    "below target in another currency",
    { kind: "below_target", target: { amountMinor: 4500, currency: "USD" } },
    reading(3999),
    false,
    "Your target is in USD but the store shows EUR, so we can't compare them.",
  ],
  [
    "rises above already met",
    { kind: "rises_above", threshold: eur(10000) },
    reading(12000),
    true,
    "Already above your threshold: €120.00 > €100.00. We'll tell you if it falls to €100.00 or less and rises again.",
  ],
  [
    "rises above not met",
    { kind: "rises_above", threshold: eur(10000) },
    reading(10000),
    false,
    "We'll tell you when it goes above €100.00 (now €100.00).",
  ],
  [
    "any drop",
    { kind: "any_drop" },
    reading(5200),
    false,
    "We'll tell you when the price drops below €52.00.",
  ],
  [
    "any change",
    { kind: "any_change" },
    reading(5200),
    false,
    "We'll tell you when the price changes from €52.00.",
  ],
  [
    "percent drop",
    { kind: "percent_drop", percent: 20 },
    reading(5200),
    false,
    "We'll tell you when it drops 20 % below €52.00 (to €41.60 or less).",
  ],
  [
    "back in stock, in stock now",
    { kind: "back_in_stock" },
    reading(5200),
    true,
    "Already in stock — we'll tell you if it sells out and comes back.",
  ],
  [
    "back in stock, out now",
    { kind: "back_in_stock" },
    reading(null, "out_of_stock"),
    false,
    "Out of stock now — we'll tell you when it's back.",
  ],
  [
    "back in stock, no reading",
    { kind: "back_in_stock" },
    null,
    false,
    "We'll tell you when it comes back in stock.",
  ],
  [
    "price rule, out of stock",
    { kind: "any_drop" },
    reading(5200, "out_of_stock"),
    false,
    "It's out of stock now — we'll compare from the first price we read.",
  ],
  [
    "price rule, no reading",
    { kind: "below_target", target: eur(4500) },
    null,
    false,
    "We couldn't read a price yet — we'll compare from the first price we read.",
  ],
  [
    "price rule, failed check",
    { kind: "any_drop" },
    { id: "c", kind: "failed" },
    false,
    "We couldn't read a price yet — we'll compare from the first price we read.",
  ],
];

describe("describeRuleStatusAtCreation", () => {
  it.each(rows)("%s", (_name, rule, current, isMetNow, message) => {
    expect(describeRuleStatusAtCreation(rule, current)).toEqual({ isMetNow, message });
  });
});
