import type { PageScan } from "./scan-types.ts";
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

/**
 * Stock from what the page shows, for pages whose structured data and store rules say nothing.
 * A live buy button next to a price means in stock. Out of stock needs positive evidence: the
 * buy control is disabled or says sold out, or a sold-out notice stands under the title with no
 * live buy control. A sold-out size in a variant list is not a sold-out product.
 */
export function availabilityFromPage(scan: PageScan, hasPrice: boolean): Availability | null {
  const controls = scan.buyControls.filter((b) => !b.isExcluded && !b.isQuantity);
  const live = controls.filter((b) => !b.isDisabled && !b.saysSoldOut);
  const dead = controls.filter((b) => b.isDisabled || b.saysSoldOut);
  const h1 = scan.h1Order;
  const soldOutNotice = scan.soldOutTexts.some(
    (t) => !t.isExcluded && !t.isInOption && h1 >= 0 && t.order > h1 && t.order - h1 < 600,
  );
  if (live.length === 0 && (dead.length > 0 || soldOutNotice)) return "out_of_stock";
  if (live.length > 0 && hasPrice) return "in_stock";
  return null;
}
