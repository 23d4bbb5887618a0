import { type FoundPrice, findPrices } from "../money/parse-price-string.ts";
import { TextMemo } from "./scan/memo.ts";

/**
 * `findPrices(text)` (no hints), read once per distinct text of one extraction: the visible
 * features, the sale marks, the words before an amount (their last price) and the landed price
 * read many of the same texts again. Emptied when an extraction starts (`forgetFoundPrices`,
 * extract-product.ts), so no page's reading serves another; `findPrices` being a function of its
 * text alone, what is kept is never stale. Bounded for a hostile page's million texts.
 * The arrays are shared: their readers never change them.
 */
const found = new TextMemo<FoundPrice[]>(findPrices, 20_000, 400);

export function foundPrices(text: string): FoundPrice[] {
  return found.of(text);
}

/** A new extraction starts: nothing read before it is kept. */
export function forgetFoundPrices(): void {
  found.forget();
}
