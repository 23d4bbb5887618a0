import type { Availability } from "./types.ts";

/** schema.org ItemAvailability URLs/names, og:availability values and common shop wording. */
export function readAvailability(value: unknown): Availability | null {
  if (typeof value !== "string") return null;
  const v = value
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, "")
    .replace(/[\s_-]+/g, "");
  if (/^(instock|instoreonly|onlineonly|limitedavailability|available|backorder|instock\b)/.test(v))
    return "in_stock";
  if (/^(outofstock|soldout|discontinued|oos|unavailable|notavailable)/.test(v))
    return "out_of_stock";
  if (/^(preorder|presale)/.test(v)) return "preorder";
  return null;
}

/** Availability from visible wording ("Currently unavailable", "Ausverkauft", "In Stock"). */
export function availabilityFromText(text: string): Availability | null {
  const t = text.toLowerCase().slice(0, 300);
  if (
    /currently unavailable|out of stock|sold out|ausverkauft|nicht verfügbar|épuisé|rupture de stock|agotado|esaurito|uitverkocht|no longer available|temporarily unavailable|在庫切れ|品切れ/.test(
      t,
    )
  ) {
    return "out_of_stock";
  }
  if (/pre-?order|vorbestell|précommande|reserva/.test(t)) return "preorder";
  if (
    /in stock|auf lager|en stock|disponible|disponibile|op voorraad|lieferbar|only \d+ left|available|在庫あり/.test(
      t,
    )
  )
    return "in_stock";
  return null;
}
