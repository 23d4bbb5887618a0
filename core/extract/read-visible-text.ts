import { parsePriceString } from "../money/parse-price-string.ts";
import { elementPath } from "./read-microdata.ts";
import type { PageScan } from "./scan-html.ts";
import type { RawCandidate } from "./types.ts";

/**
 * Last resort: short, currency-bearing text in price-like elements, outside navigation,
 * footers, carousels and recommendations; closer after the title scores higher.
 */
export function readVisibleText(scan: PageScan): RawCandidate[] {
  const out: RawCandidate[] = [];
  const seen = new Map<string, number>();
  for (const r of scan.priceElements) {
    if (out.length >= 60) break;
    if (r.isExcluded || r.isHidden || r.isPerUnit) continue;
    if (r.prop !== null && (r.isInProductScope || /offer/i.test(r.scopeType ?? ""))) continue;
    const text = r.text;
    if (!text || text.length > 80 || r.tag === "script" || r.tag === "input") continue;
    const parsed = parsePriceString(text);
    if (!parsed || parsed.currencyText === null || parsed.isPerUnit || parsed.isMultiBuy) continue;
    const distance = scan.h1Order >= 0 ? r.order - scan.h1Order : Number.POSITIVE_INFINITY;
    const isNearTitle = distance > 0 && distance < 300;
    const base = elementPath(r);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push({
      source: "visible_text",
      path: n > 0 ? `${base}:${n}` : base,
      amount: parsed.amount,
      currency: null,
      currencyOptions: parsed.currencies,
      role: r.isStruck ? "list_price" : "price",
      confidence: isNearTitle ? 0.45 : 0.3,
      isRange: parsed.isRange,
      isFrom: parsed.isFrom,
      raw: text.slice(0, 80),
    });
  }
  return out;
}
