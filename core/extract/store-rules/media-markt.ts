import { firstPricedPart, has } from "./helpers.ts";
import { priceElementRule } from "./price-element-rule.ts";

/** MediaMarkt / Saturn: `[data-test=mms-product-price]` ("1.299,–" or "1.299," + "99"), not the strike price. */
export const mediaMarkt = priceElementRule({
  name: "MediaMarkt",
  host: /(?:^|\.)(mediamarkt|saturn)\.[a-z.]+$/,
  currency: (ctx) => ctx.domainCurrency,
  price: {
    is: (r) => has(r, "[data-test=mms-product-price]") && !r.isStruck,
    read: (r) => ({ text: joinWholeDecimal(r.parts) ?? firstPricedPart(r) }),
  },
  listPrice: { is: (r) => has(r, "[data-test=mms-strike-price]") },
});

/** ["1.299,", "99", "€"] → "1.299,99 €"; ["129,–"] → "129,–". Screen-reader duplicates dropped. */
function joinWholeDecimal(parts: readonly string[]): string | null {
  // "1.149" + ",-" (the dash in a <sup>): one amount.
  const j = parts.findIndex(
    (p, k) => /\d$/.test(p.trim()) && /^[,.][-–]+$/.test(parts[k + 1]?.trim() ?? ""),
  );
  if (j >= 0) return `${parts[j]?.trim()}${parts[j + 1]?.trim()}`;
  const i = parts.findIndex((p) => /\d[,.]\s*$/.test(p.trim()));
  if (i < 0) return null;
  const next = parts[i + 1]?.trim() ?? "";
  return /^(\d{2}|[-–]+)$/.test(next) ? `${parts[i]?.trim()}${next}` : (parts[i]?.trim() ?? null);
}
