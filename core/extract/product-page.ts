import { stockFromPage } from "./availability.ts";
import { ACCEPT } from "./choose-price.ts";
import {
  isCardList,
  isFilteredList,
  isListingAddress,
  isListingBody,
  isResultsHeading,
  isTicketPage,
} from "./listing-address.ts";
import type { PageScan } from "./scan/index.ts";
import type { RuleOutput } from "./store-rules/store-rule.ts";
import type { Facts, RawCandidate } from "./types.ts";

/** A visible price scored this high makes the page a product without a buy control found. */
export const STANDS_ALONE = 0.8;

/**
 * Whether the page offers one product: structured data says so, a store rule read it, or the
 * page shows a buy control beside a likely price, a price that stands out, an add-to-cart — unless
 * its address is a list's (search, collection: listing-address.ts) and no structured data names
 * one product.
 */
export function isProductPage(
  url: string,
  facts: readonly Facts[],
  scan: PageScan,
  visible: readonly RawCandidate[],
  outputs: readonly { output: RuleOutput }[],
  tagOnly = false,
): boolean {
  // The platform names the page a home page, a category, a search or a blog: no product's.
  if (isListingBody(scan.bodyTokens)) return false;
  // og:type "product" alone (no price in the tags, no structured data naming one product) is a
  // theme's head, the same on its category pages: it names no product when the page shows a list
  // (a grid of cards each with its own price and buy button, a count of results, a list's
  // address), as a shopper reads the page, not its head.
  if (facts.some((f) => f.isProduct === true) && !(tagOnly && showsList(url, facts, scan)))
    return true;
  if (
    outputs.some((o) => o.output.candidates.length > 0 || (o.output.availability ?? null) !== null)
  )
    return true;
  if (showsList(url, facts, scan)) return false;
  return (
    (scan.buyControls.length > 0 &&
      visible.some((c) => c.role === "price" && c.confidence >= ACCEPT)) ||
    // A person pasted this link: a price that stands out in the buy box (by the title, shown as
    // the price) is an offer even when the buy control is a link or script nobody can name.
    visible.some((c) => c.role === "price" && c.confidence >= STANDS_ALONE) ||
    scan.hasAddToCart ||
    // Sold out, its buy button gone: the notice right under the title ("Currently unavailable",
    // "再入荷お知らせ") still says a product is offered here, at no price now.
    stockFromPage(scan, false).isSoldOutShown
  );
}

/**
 * What says the page lists products: a list's address (search, collection), a first <h1> naming
 * a search's results, structured data listing several, a count of results under the heading
 * ("1,032 items", "Showing 1-24 of 48 results"), seats priced per ticket, a category's filter of
 * price ranges or its cards.
 */
function showsList(url: string, facts: readonly Facts[], scan: PageScan): boolean {
  if (isListingAddress(url) || isResultsHeading(scan.h1) || facts.some((f) => f.isListing === true))
    return true;
  if (scan.resultCountOrder >= 0) return true;
  return isTicketPage(scan) || isFilteredList(scan) || isCardList(scan);
}
