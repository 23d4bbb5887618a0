import { findPrices } from "../money/parse-price-string.ts";
import type { PageScan } from "./scan/types.ts";
import { PER_TICKET, PRICE_BOUND, SEARCH_RESULTS } from "./vocabulary/patterns.ts";
import { LISTING_BODY_CLASSES } from "./vocabulary/words.ts";

/**
 * An address that names a list of products, never one product: the shop's search, its cart or
 * checkout, a wishlist, a Shopify-style collection (`/collections/sweaters`, without `/products/` after it), a
 * WooCommerce shop or category page. A page at such an address gives no price from its visible
 * text (a collection's first item, a filter's "The highest price is $87.00", a search's first
 * result); a person who pasted it is told it is not a product page. Structured data naming one
 * product still counts (extract-product.ts). The home page is not listed: pages are saved and
 * shared with the shop's bare address as theirs (a corpus page of a product says "/"). Pure.
 */
export function isListingAddress(url: string): boolean {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return false;
  }
  return LISTING_PATH.test(address.pathname.toLowerCase().replace(/\/+$/, ""));
}

/**
 * A first <h1> naming a search's results ("1,240 results for canon ae-1", "Suchergebnisse"): a
 * marketplace's search at an address that does not say so (`/sch/i.html?_nkw=…`).
 */
export function isResultsHeading(h1: string | null): boolean {
  return h1 !== null && h1.length <= 200 && SEARCH_RESULTS.test(h1);
}

/**
 * A shown amount priced per ticket ("C$184.50 / ticket"): the page sells seats at an event (a
 * ticket resale listing), no product; its total for two seats is no product's price either.
 */
export function isTicketPage(scan: Pick<PageScan, "priceTexts">): boolean {
  return scan.priceTexts.some(
    (t) => !t.isHidden && !t.isExcluded && PER_TICKET.test(`${t.text} ${t.after.slice(0, 20)}`),
  );
}

/**
 * A filter of price ranges ("Under $25", "$25 – $50", "$100 & Above", each a link or a checkbox's
 * label) beside more than one buy button: a category's list, its cards each with its own "Add to
 * Cart", at an address and under a heading that do not say so. A product page's own buy box has
 * one buy button, and no filter of prices.
 */
export function isFilteredList(scan: Pick<PageScan, "priceTexts" | "buyControls">): boolean {
  const bounds = new Set<string>();
  for (const t of scan.priceTexts)
    if (
      !t.isHidden &&
      (t.linkHref !== null || t.tag === "label") &&
      PRICE_BOUND.test(t.text.trim())
    )
      bounds.add(t.text.trim());
  // A filter's ranges: three or more, one of them open-ended ("Under $25", "$100 & Above") and
  // one a range between two amounts.
  const ranges = [...bounds].filter((b) => {
    const found = findPrices(b);
    return found.length > 1 || found.some((p) => p.isRange);
  }).length;
  if (bounds.size < 3 || ranges === 0 || ranges === bounds.size) return false;
  const buys = scan.buyControls.filter((b) => b.hasBuyWords && !b.isExcluded && !b.isQuantity);
  return buys.length > 1;
}

/**
 * Cards in a row, each its own price then its own buy button: three or more buy buttons (outside
 * sections named for other products), each with a price of its own between it and the one before,
 * at two amounts or more: a category's grid, not one product's buy box (which has one button after
 * its price, or a price's options sharing one button).
 */
export function isCardList(scan: Pick<PageScan, "priceTexts" | "buyControls">): boolean {
  const buys = scan.buyControls.filter(
    (b) => b.hasBuyWords && !b.isExcluded && !b.isQuantity && !b.isVariantOption,
  );
  if (buys.length < 3) return false;
  // Prices alone in their element, not the boxes holding a card's name, price and button, nor a
  // name with a model number ("Lucca M58"): an amount with a currency.
  const priced = scan.priceTexts.filter(
    (t) =>
      !t.isHidden && !t.isExcluded && t.childPrices.length === 0 && findPrices(t.text).length > 0,
  );
  // With prices in the page's main part (<main>, an <article>), those outside it are the banner's
  // or the header's ("Free shipping over $50" above the first card), no card's.
  const shown = priced.some((t) => t.isInMain) ? priced.filter((t) => t.isInMain) : priced;
  const amounts = new Set<string>();
  const counts = new Set<number>();
  let from = -1;
  for (const buy of buys) {
    const own = shown.filter((t) => t.order > from && t.order < buy.order);
    from = buy.order;
    const last = own[own.length - 1];
    if (last === undefined) return false;
    counts.add(own.length);
    amounts.add(last.text.trim());
  }
  // Cards alike: each as many prices as the others (a buy box first, with its own old price,
  // unit price or the cart's total above it, is one product's, the cards after it others').
  return counts.size === 1 && amounts.size >= 2;
}

const LISTING_BODY = new Set(LISTING_BODY_CLASSES.map((name) => `.${name}`));

/**
 * A page whose <body> classes name it, as its platform does, a home page, a collection, a
 * search, a blog or a content page: no product's page, whatever prices and buttons it shows (a
 * home page's featured product, a category's cards, each with its own "Add to Cart").
 */
export function isListingBody(bodyTokens: readonly string[]): boolean {
  return bodyTokens.some((token) => LISTING_BODY.has(token));
}

/**
 * Paths of lists: search, collections (not a product inside one), a shop's or category's index;
 * and of the shopper's own pages: the cart, the checkout, a wishlist.
 */
const LISTING_PATH =
  /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?(?:\/search(?:\/.*)?|\/catalogsearch\/result|\/collections(?:\/[^/]+)?|\/shop|\/product-category\/.+|\/(?:cart|basket|bag|checkout|warenkorb|panier|carrito|carrello|winkelwagen|koszyk|kosik|varukorg)(?:\/.*)?|(?:\/account)?\/(?:wishlist|wish-list|merkzettel|wunschliste)(?:\/.*)?)$/;
