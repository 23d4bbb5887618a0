import { readAvailability } from "./availability.ts";
import { currentOf, readAmount } from "./read-amount.ts";
import type { ElementRecord } from "./scan/index.ts";
import type { Facts, RawCandidate } from "./types.ts";

function propValue(record: ElementRecord): string {
  const a = record.attrs;
  return (a.content ?? a.value ?? a.href ?? a.src ?? a.datetime ?? record.text).trim();
}

export function elementPath(record: ElementRecord): string {
  const own = record.tokens
    .filter((t) => !t.startsWith("[itemprop"))
    .slice(0, 2)
    .join("");
  const anchor = record.ancestors.find((t) => t.startsWith("#"));
  return `${anchor ? `${anchor} ` : ""}${record.tag}${own}`;
}

/** Properties whose value is a fact as written (the first one found wins). */
const TEXT_FACTS = new Map<string, "brand" | "sku" | "gtin" | "imageUrl">([
  ["brand", "brand"],
  ["sku", "sku"],
  ["gtin", "gtin"],
  ["gtin8", "gtin"],
  ["gtin12", "gtin"],
  ["gtin13", "gtin"],
  ["gtin14", "gtin"],
  ["image", "imageUrl"],
]);

/**
 * The page's own product among several with prices: the first in the page (0 when none has a
 * price). The others beside it — a row of related items, each its own Product — are other
 * products, whatever their class names say; what is nested in it (variants) is its own.
 */
function pageProductScope(props: readonly ElementRecord[]): number {
  for (const r of props)
    if ((r.prop === "price" || r.prop === "lowPrice") && r.productScopeId !== 0 && !r.isExcluded)
      return r.productScopeId;
  return 0;
}

/** Prices from microdata (`itemprop`) and RDFa (`property`) inside a product or offer scope. */
export function readMicrodata(props: readonly ElementRecord[]): {
  candidates: RawCandidate[];
  facts: Facts;
} {
  const candidates: RawCandidate[] = [];
  const facts: Facts = {};
  const currencyByScope = new Map<number, string>();
  for (const r of props) {
    if (r.prop === "priceCurrency") {
      const v = propValue(r).toUpperCase();
      if (/^[A-Z]{3}$/.test(v) && !currencyByScope.has(r.scopeId))
        currencyByScope.set(r.scopeId, v);
    }
  }
  const seen = new Map<string, number>();
  const ownScope = pageProductScope(props);
  for (const r of props) {
    const isOfferScope = r.scopeType !== null && /offer/i.test(r.scopeType);
    if (!r.isInProductScope && !isOfferScope) continue;
    if (r.isExcluded) continue;
    switch (r.prop) {
      case "price":
      case "lowPrice": {
        if (r.productScopeId !== ownScope && r.productScopeId !== 0) break;
        const currency = currencyByScope.get(r.scopeId) ?? null;
        const value = propValue(r);
        // An element's text may show an old price and the current one ("$79.99$39.99").
        const read = readAmount(
          r.attrs.content === undefined && r.attrs.value === undefined ? currentOf(value) : value,
          currency,
        );
        if (!read) break;
        const base = `${r.propSource === "rdfa" ? "[property" : "[itemprop"}=${r.prop}] ${elementPath(r)}`;
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        candidates.push({
          source: r.propSource === "rdfa" ? "rdfa" : "microdata",
          path: n > 0 ? `${base}:${n}` : base,
          amount: read.amount,
          currency,
          currencyOptions: read.currencyOptions,
          role: read.isPerUnit || r.isPerUnit ? "unit_price" : r.isStruck ? "list_price" : "price",
          confidence: r.attrs.content !== undefined ? 0.8 : 0.7,
          isRange: read.isRange || r.prop === "lowPrice",
          isFrom: read.isFrom,
          raw: value.slice(0, 80),
        });
        break;
      }
      case "name":
        if (r.isInProductScope && r.scopeType && /product/i.test(r.scopeType))
          facts.title ??= propValue(r) || null;
        break;
      case "availability":
        facts.availability ??= readAvailability(propValue(r));
        break;
      default: {
        const fact = r.prop === null ? undefined : TEXT_FACTS.get(r.prop);
        if (fact) facts[fact] ??= propValue(r) || null;
      }
    }
  }
  if (props.some((r) => r.isInProductScope)) facts.isProduct = true;
  facts.currency = [...currencyByScope.values()][0] ?? null;
  return { candidates, facts };
}
