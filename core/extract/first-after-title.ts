import {
  endsLineOfWords,
  isInRunningText,
  sentenceWords,
  standsAlone,
  standsOnItsLine,
} from "./amount-words.ts";
import { FEATURES, type FeatureName } from "./feature-names.ts";
import { markMemberTiers } from "./member-tiers.ts";
import type { PriceText } from "./scan/types.ts";
import { markOfferTheTitleNames } from "./title-named-offer.ts";
import type { VisibleCandidate } from "./visible-features.ts";

/**
 * "First after the title": the price a person reads right under the product's title, the
 * strongest single feature of the visible-text scorer (visible-features.ts). Amounts another kind
 * marks (old, unit, option, excluded, hidden, named as another amount) never take it; a "from"
 * price gives way to a higher price closely after it, and a sentence's amount to an amount
 * standing alone (issue #34 class 3).
 */

const OTHER_KIND: readonly FeatureName[] = [
  "excluded",
  "hidden",
  "inOption",
  "struckMarkup",
  "struckClass",
  "wasWords",
  "perUnit",
  "bareNumber",
];

/** How far (in elements) from the title its price may stand. */
const TITLE_REACH = 150;
/** How far (in elements) after a "from" price, a range or a sentence the price it gives way to may stand. */
const FOLLOW_REACH = 60;

/** The first candidate after the title that nothing marks as another kind of amount. */
export function markFirstAfterTitle(
  list: VisibleCandidate[],
  h1: number,
  namedOther: ReadonlySet<PriceText>,
  readable: (text: string) => string,
  title = "",
): void {
  if (h1 < 0) return;
  const at = (name: FeatureName) => FEATURES.indexOf(name);
  const isOther = (c: VisibleCandidate) =>
    namedOther.has(c.text) || OTHER_KIND.some((name) => (c.features[at(name)] ?? 0) > 0);
  // The first amount closely after `start`, no "from" nor range, nothing marking it as another
  // kind, that `accept` takes: what a "from" price, a range or a sentence's amount gives way to.
  const nextPlain = (start: VisibleCandidate, accept: (c: VisibleCandidate) => boolean) =>
    list.find(
      (c) =>
        c.text.order > start.text.order &&
        c.text.order - start.text.order <= FOLLOW_REACH &&
        !c.price.isFrom &&
        !c.price.isRange &&
        !isOther(c) &&
        accept(c),
    );
  let first = list.find((c) => c.text.order > h1 && !isOther(c));
  // An amount inside a sentence ("Add 2-Year Protection for $5.99", "Buy 3+ for $19.99 each",
  // "$1 from every order plants a tree", a review's "I paid $30 at another store"): three words
  // or more of its own and none a price's label has. An amount standing alone that follows it
  // closely is the price a person reads under the title; with none, a sentence of four words or
  // more is no price either (the one before the title beside a buy control is, else none),
  // while three ("$69.99 Earn up to 70 points") may be the price's own line.
  const words = first ? sentenceWords(readable(first.text.text), first.price.index) : 0;
  if (first && words >= 3) {
    const sentence = first;
    const alone = nextPlain(sentence, (c) => standsAlone(readable(c.text.text)));
    first = alone ?? (words >= 4 ? undefined : sentence);
  }
  // An amount alone in its element inside a line of words ("Replacement filters <b>$12.99</b>
  // for a 3-pack", isInRunningText): a mention, when an amount standing as a price (alone, or
  // with a price's label only: "Price <span>$39.99</span>") follows it closely, no farther from
  // the buy control. With none it stays: "This kettle costs <b>$39.99</b> today only."
  // A line of words ending at the amount ("Add a matching lid for <span>$4.99</span>",
  // endsLineOfWords) is one when the price standing after it is higher: what is offered beside
  // the product costs less than it ("Now available for <b>$39.99</b>" over a $19 case stays).
  const firstText = first ? readable(first.text.text) : "";
  const running = first !== undefined && isInRunningText(first.text, firstText);
  if (first && (running || endsLineOfWords(first.text, firstText))) {
    const mention = first;
    const buy = at("nearBuyControl");
    const nearBuy = (c: VisibleCandidate) => c.features[buy] ?? 0;
    const price = nextPlain(mention, (c) => {
      const text = readable(c.text.text);
      return (
        nearBuy(c) >= nearBuy(mention) &&
        (running || Number(c.amount) > Number(mention.amount)) &&
        standsOnItsLine(c.text, text, c.price.index)
      );
    });
    if (price) first = price;
  }
  // A title drawn after the buy box in the markup (a stylesheet puts it first on screen): with
  // no price close after the title, the closest one before it, beside a buy control, is the one
  // a person reads under it.
  if (!first || first.text.order - h1 > TITLE_REACH) {
    const buy = at("nearBuyControl");
    const before = list.findLast(
      (c) =>
        c.text.order < h1 &&
        h1 - c.text.order <= TITLE_REACH &&
        !isOther(c) &&
        !c.text.isExcluded &&
        (c.features[buy] ?? 0) >= 0.5,
    );
    if (before) first = before;
  }
  // "Starting at $899" above the buy box's "$1,049.99" (issue #34 class 3): a "from" price gives
  // way to the higher price that follows it closely, nothing marking that one as another kind.
  if (first?.price.isFrom) {
    const from = first;
    // Not an option's, unchosen ("50 g loose – £6.50" under "From £4.90").
    const next = nextPlain(
      from,
      (c) => !c.text.isUncheckedRadio && Number(c.amount) > Number(from.amount),
    );
    if (next) first = next;
    // Nothing higher follows: "Starting from $999" is the price of the configuration shown
    // first, the one a person buying it now pays (a configurable laptop, a made-to-order item).
    else from.features[at("fromPrice")] = 0;
  }
  // A range ("$38.00 – $46.00", a variable product) gives way to the chosen variation's price
  // that follows it closely, inside the range.
  if (first?.price.isRange) {
    const range = first;
    const high = range.rangeHigh ?? Number.POSITIVE_INFINITY;
    const chosen = nextPlain(
      range,
      (c) =>
        !c.text.isUncheckedRadio &&
        Number(c.amount) > Number(range.amount) &&
        Number(c.amount) <= high,
    );
    if (chosen) first = chosen;
  }
  if (first) first.features[at("firstAfterTitle")] = 1;
  // Members' prices only, one per tier (a warehouse club's buy box): the highest.
  markMemberTiers(list, h1, readable);
  // "Bundle price $149.99" under a title naming a bundle: the product's own price.
  markOfferTheTitleNames(list, h1, title, readable);
}
