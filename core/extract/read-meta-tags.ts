import { readAvailability } from "./availability.ts";
import { readAmount } from "./read-amount.ts";
import type { Facts, RawCandidate } from "./types.ts";

type Metas = ReadonlyMap<string, readonly string[]>;

const first = (metas: Metas, ...keys: string[]): string | null => {
  for (const key of keys) {
    const v = metas.get(key)?.[0]?.trim();
    if (v) return v;
  }
  return null;
};

/** OpenGraph / Facebook product tags: og:price:amount (or og:price), product:price:amount, sale and list prices. */
export function readMetaTags(metas: Metas): { candidates: RawCandidate[]; facts: Facts } {
  const candidates: RawCandidate[] = [];
  const pairs: [string, string, RawCandidate["role"], number][] = [
    ["product:sale_price:amount", "product:sale_price:currency", "price", 0.72],
    ["product:price:amount", "product:price:currency", "price", 0.7],
    ["og:price:amount", "og:price:currency", "price", 0.7],
    // A common variant without ":amount", often with the currency written in ("2,900원~").
    ["og:price", "og:price:currency", "price", 0.68],
    ["product:price", "product:price:currency", "price", 0.68],
    ["product:original_price:amount", "product:original_price:currency", "list_price", 0.7],
    ["og:price:standard_amount", "og:price:currency", "list_price", 0.7],
  ];
  const fallbackCurrency =
    first(metas, "product:price:currency", "og:price:currency")?.toUpperCase() ?? null;
  for (const [amountKey, currencyKey, role, confidence] of pairs) {
    const value = first(metas, amountKey);
    if (value === null) continue;
    const currency = (first(metas, currencyKey) ?? fallbackCurrency)?.toUpperCase() ?? null;
    const read = readAmount(value, currency);
    if (!read) continue;
    candidates.push({
      source: "meta",
      path: `meta[${amountKey}]`,
      amount: read.amount,
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
      currencyOptions: read.currencyOptions,
      role,
      confidence,
      isRange: read.isRange,
      isFrom: read.isFrom,
      raw: value.slice(0, 80),
    });
  }
  const type = first(metas, "og:type")?.toLowerCase() ?? "";
  const facts: Facts = {
    title: first(metas, "og:title", "twitter:title"),
    imageUrl: first(metas, "og:image", "og:image:secure_url", "twitter:image"),
    brand: first(metas, "product:brand", "og:brand"),
    availability: readAvailability(
      first(metas, "product:availability", "og:availability") ?? undefined,
    ),
    isProduct: type.includes("product") || candidates.length > 0,
    currency: fallbackCurrency,
    sku: first(metas, "product:retailer_item_id"),
    gtin: first(metas, "product:upc", "product:ean", "product:gtin"),
  };
  return { candidates, facts };
}
