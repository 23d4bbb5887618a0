import { namingWords } from "./amount-words.ts";
import { FEATURES } from "./feature-names.ts";
import type { VisibleCandidate } from "./visible-features.ts";
import { ADD_ON, PRICE_LABEL } from "./vocabulary/patterns.ts";

/**
 * Words naming another offer beside the product ("Bundle price $149.99": the product with
 * others) speak of the product itself when its title names the same thing ("Nightly Skincare
 * Starter Bundle"): a bundle sold as the product. Such an amount was kept from "first after the
 * title" by its words; it takes it back. Pure.
 */

/** How far after the title (in elements) the amount may stand. */
const TITLE_REACH = 150;

const WORD = /\p{L}{3,}/gu;

/** The words of another offer's name in `words` ("bundle" of "Bundle price"), or none. */
function offerWords(words: string): string[] {
  const named = ADD_ON.exec(words);
  if (!named) return [];
  return (named[0].match(WORD) ?? [])
    .map((w) => w.toLowerCase())
    .filter((w) => !PRICE_LABEL.test(w));
}

/**
 * Gives "first after the title" to the first amount after the title whose words name another
 * offer by words the title holds all of, unless a price before it took it already.
 */
export function markOfferTheTitleNames(
  list: readonly VisibleCandidate[],
  h1: number,
  title: string,
  readable: (text: string) => string,
): void {
  if (h1 < 0 || title === "") return;
  const titleWords = new Set((title.match(WORD) ?? []).map((w) => w.toLowerCase()));
  const first = FEATURES.indexOf("firstAfterTitle");
  const other = FEATURES.indexOf("otherAmountWords");
  const named = list.find((c) => {
    if (c.text.order <= h1 || c.text.order - h1 > TITLE_REACH) return false;
    if (c.text.isHidden) return false;
    const words = namingWords(c.text, readable(c.text.text), c.price.index);
    const offer = offerWords(words);
    if (offer.length === 0 || !offer.every((w) => titleWords.has(w))) return false;
    // Set apart by a class naming the same offer ("bundle-price__amount"), as another offer's
    // box would be: the title says it is the product's own.
    return !c.text.isExcluded || offer.every((w) => c.text.tokens.includes(w));
  });
  if (!named) return;
  if (named.text.isExcluded) named.features[FEATURES.indexOf("excluded")] = 0;
  const taken = list.find((c) => (c.features[first] ?? 0) > 0);
  if (taken && taken.text.order < named.text.order) return;
  if (taken) taken.features[first] = 0;
  named.features[first] = 1;
  named.features[other] = 0;
}
