import type { BuyControl, PageScan, SoldOutText } from "./scan/types.ts";
import type { Availability } from "./types.ts";
import { titleOrder } from "./visible-features.ts";
import {
  IN_STOCK,
  IN_STOCK_VALUE,
  ONE_SELLER,
  OUT_OF_STOCK_VALUE,
  PREORDER,
  PREORDER_VALUE,
  SOLD_OUT_WORDS,
} from "./vocabulary/patterns.ts";

/** schema.org ItemAvailability URLs/names, og:availability values and common shop wording. */
export function readAvailability(value: unknown): Availability | null {
  if (typeof value !== "string") return null;
  const v = value
    .toLowerCase()
    .replace(/^https?:\/\/schema\.org\//, "")
    .replace(/[\s_-]+/g, "");
  if (IN_STOCK_VALUE.test(v)) return "in_stock";
  if (OUT_OF_STOCK_VALUE.test(v)) return "out_of_stock";
  if (PREORDER_VALUE.test(v)) return "preorder";
  return null;
}

/**
 * Availability from visible wording ("Currently unavailable", "Ausverkauft", "In Stock"), in
 * many languages. Sold-out words are read first: "indisponible" and "non disponibile" hold
 * "disponible"/"disponibile", which must not read as in stock.
 */
export function availabilityFromText(text: string): Availability | null {
  const t = text.toLowerCase().slice(0, 300);
  if (SOLD_OUT_WORDS.test(t)) return "out_of_stock";
  if (PREORDER.test(t)) return "preorder";
  if (IN_STOCK.test(t)) return "in_stock";
  return null;
}

export type PageStock = {
  availability: Availability | null;
  /**
   * Out of stock shown by the buy box itself — no live buy control, and a dead one (disabled
   * or saying sold out) with sold-out words on it or next to the title: strong enough to
   * overrule structured data that still says in stock.
   */
  isSoldOutShown: boolean;
  /**
   * For sale shown by the buy box itself — a live buy button with its buy words, nothing dead,
   * no sold-out words anywhere outside a variant list: strong enough to overrule structured
   * data that still says out of stock (a stale feed would hide the "back in stock" alert).
   */
  isForSaleShown: boolean;
};

/**
 * Stock from what the page shows. A live buy button next to a price means in stock. Out of
 * stock needs positive evidence: sold-out words on the buy control, or a disabled buy control
 * with a sold-out notice under the title, or such a notice where there is no buy control at
 * all. A disabled button without such words may only wait for a size to be chosen; a sold-out
 * size in a variant list (an option) is not a sold-out product. `isPriceSure`: the price comes
 * from structured data, a store rule or a visible price that stands out on its own.
 */
export function stockFromPage(
  scan: PageScan,
  hasPrice: boolean,
  isPriceSure = hasPrice,
): PageStock {
  const h1 = titleOrder(scan);
  // A cart link before the title is the header's, not the buy box's; a variant's sold-out
  // button ("M - Sold out") is an option, not a buy control.
  const controls = scan.buyControls.filter(
    (b) =>
      !b.isExcluded &&
      !b.isQuantity &&
      !b.isVariantOption &&
      !(b.isLink && h1 >= 0 && b.order < h1),
  );
  const live = controls.filter((b) => !b.isDisabled && !b.saysSoldOut);
  // A buy control still there, disabled, with its buy words and no sold-out words waits for a
  // size or colour to be chosen: a "notify me" beside it is for the variant shown.
  const isWaiting = controls.some((d) => d.isDisabled && d.hasBuyWords && !d.saysSoldOut);
  const forVariant = controls.filter((d) => isWaiting && d.saysSoldOut && !d.hasBuyWords);
  const dead = controls.filter((b) => (b.isDisabled || b.saysSoldOut) && !forVariant.includes(b));
  const notices = scan.soldOutTexts.filter(
    (t) =>
      !t.isExcluded &&
      !t.isInOption &&
      !t.isVariant &&
      !forVariant.some((d) => t.order >= d.order && t.order - d.order <= 2) &&
      !isPastBuyBox(scan, controls, t.order) &&
      !isOneSellersWithOthers(scan, t),
  );
  const soldOutNotice = notices.some((t) => h1 >= 0 && t.order > h1 && t.order - h1 < 600);
  const nearDead = notices.some((t) => dead.some((d) => Math.abs(d.order - t.order) < 150));
  if (live.length === 0) {
    const saysOnControl = dead.some((d) => d.saysSoldOut);
    if (dead.length > 0 && (saysOnControl || soldOutNotice || nearDead))
      return { availability: "out_of_stock", isSoldOutShown: true, isForSaleShown: false };
    // No way to buy at all and a sold-out notice right under the title ("OUT OF STOCK." beside
    // an "Auto Notify" button, "This listing was ended"): shown, as strong as a dead button.
    if (dead.length === 0 && soldOutNotice) {
      const isRightUnder = notices.some((t) => t.order > h1 && t.order - h1 < 150);
      return { availability: "out_of_stock", isSoldOutShown: isRightUnder, isForSaleShown: false };
    }
    // An offer shown with nothing on the page saying otherwise (no dead control, no sold-out
    // words outside a variant list): a live listing, as a person reads it.
    if (dead.length === 0 && notices.length === 0 && isPriceSure)
      return { availability: "in_stock", isSoldOutShown: false, isForSaleShown: false };
    return { availability: null, isSoldOutShown: false, isForSaleShown: false };
  }
  // Every live control offers to pre-order ("Pre-order now"): not on sale yet, bought ahead.
  if (hasPrice && live.every((b) => b.saysPreorder))
    return { availability: "preorder", isSoldOutShown: false, isForSaleShown: false };
  const isForSaleShown =
    hasPrice &&
    dead.length === 0 &&
    notices.length === 0 &&
    scan.soldOutTexts.every((t) => t.isInOption || t.isVariant) &&
    live.some((b) => b.hasBuyWords && !b.isLink && !b.saysPreorder);
  return { availability: hasPrice ? "in_stock" : null, isSoldOutShown: false, isForSaleShown };
}

/**
 * A sold-out notice after the buy box with another price between them: another item's (a
 * card in a row of other products nobody named a carousel), not the product's.
 */
function isPastBuyBox(scan: PageScan, controls: readonly BuyControl[], order: number): boolean {
  let control = -1;
  for (const c of controls) if (c.order < order && c.order > control) control = c.order;
  if (control < 0) return false;
  return scan.priceTexts.some((p) => p.order > control && p.order < order && !p.isExcluded);
}

/** How close (in elements) to one seller's notice a link to others' offers stands. */
const OFFERS_REACH = 60;

/**
 * A sold-out notice naming one seller ("Currently unavailable from this seller.") with a priced
 * link to others' offers close by ("New (3) from $64.87"): that seller's offer is gone, the
 * product is still sold.
 */
function isOneSellersWithOthers(scan: PageScan, notice: SoldOutText): boolean {
  if (!ONE_SELLER.test(notice.text.toLowerCase())) return false;
  return scan.priceTexts.some(
    (p) => p.linkHref !== null && !p.isExcluded && Math.abs(p.order - notice.order) <= OFFERS_REACH,
  );
}
