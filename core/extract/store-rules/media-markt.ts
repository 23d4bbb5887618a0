import { COUNTRY_CURRENCY } from "../../money/currencies.ts";
import { countryOfHost } from "../page-context.ts";
import { has, textCandidate, uniqueByPath } from "./helpers.ts";
import type { StoreRule } from "./store-rule.ts";

/** MediaMarkt / Saturn: `[data-test=mms-product-price]` ("1.299,–" or "1.299," + "99"), not the strike price. */
export const mediaMarkt: StoreRule = {
  name: "MediaMarkt",
  kind: "store",
  matches: (ctx) => /(?:^|\.)(mediamarkt|saturn)\.[a-z.]+$/.test(ctx.host),
  read: (ctx) => {
    const country = countryOfHost(ctx.host);
    const currency = country ? (COUNTRY_CURRENCY[country] ?? null) : null;
    const candidates = ctx.scan.priceElements
      .filter((r) => !r.isExcluded)
      .map((r) => {
        if (has(r, "[data-test=mms-product-price]") && !r.isStruck) {
          const whole = r.parts.find((p) => /\d/.test(p));
          return textCandidate(r, {
            confidence: 0.92,
            currency,
            role: "price",
            text: joinWholeDecimal(r.parts) ?? whole ?? r.text,
          });
        }
        if (has(r, "[data-test=mms-strike-price]"))
          return textCandidate(r, { confidence: 0.8, currency, role: "list_price" });
        return null;
      });
    return { candidates: uniqueByPath(candidates), currency };
  },
};

/** ["1.299,", "99", "€"] → "1.299,99 €"; ["129,–"] → "129,–". Screen-reader duplicates dropped. */
function joinWholeDecimal(parts: readonly string[]): string | null {
  const i = parts.findIndex((p) => /\d[,.]\s*$/.test(p.trim()));
  if (i < 0) return null;
  const next = parts[i + 1]?.trim() ?? "";
  return /^(\d{2}|[-–]+)$/.test(next) ? `${parts[i]?.trim()}${next}` : (parts[i]?.trim() ?? null);
}
