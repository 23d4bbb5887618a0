import { isMemberAfter, labelsNextAmount, wordsAfter } from "./amount-words.ts";
import { FEATURES, type FeatureName } from "./feature-names.ts";
import { foundPrices } from "./found-prices.ts";
import { isBareOldThenCurrent, oldThenCurrent, SIGN_AT_END } from "./read-amount.ts";
import type { PriceText } from "./scan/types.ts";
import type { VisibleCandidate } from "./visible-features.ts";
import { CASH_PRICE_AFTER, NOW_WORDS, SAVING, SUBSCRIPTION } from "./vocabulary/patterns.ts";

/**
 * Which of two amounts is the old price, read from how the page relates them rather than from
 * class names (issue #34 class 4): one text "$79.99 $39.99", "Now" after the higher one, a
 * stated saving equal to their difference, a percentage that takes one to the other. Each marks
 * the old price's "was" feature (read-visible-text.ts makes it a list price).
 */

/** How far apart (in elements) the old price, the price and the saving may stand. */
const SAVING_SPAN = 40;

/**
 * "$299.99" … "$179.99" … "Save $120": a page that states a saving equal to the difference of
 * two of its amounts says which is the old price and which the price, whatever their classes or
 * the words beside them (issue #34 classes 3 and 4). The saving must be stated as one (its own
 * words or those right before it), to the cent, with all three close together; the higher amount is
 * marked as an old price and the saving is no candidate. Returns the savings so matched.
 */
export function markSavingPairs(
  list: VisibleCandidate[],
  savings: ReadonlySet<PriceText>,
  promoted: ReadonlySet<VisibleCandidate> = new Set(),
): Set<VisibleCandidate> {
  const matched = new Set<VisibleCandidate>();
  if (savings.size === 0) return matched;
  const was = FEATURES.indexOf("wasWords");
  const cents = (c: VisibleCandidate) => Math.round(Number(c.amount) * 100);
  for (const saving of list) {
    if (!savings.has(saving.text) || SUBSCRIPTION.test(saving.text.before.slice(-30))) continue;
    // The amount right after a saving whose words follow its number ("-$30.00 instant savings",
    // then "$99.99") has those words before it, and is no saving for them.
    const isTrailing = SAVING.test(saving.text.text.slice(saving.price.index));
    const near = list.filter(
      (c, i) =>
        c !== saving &&
        // A row of other products close by ("Customers also viewed") holds no part of it.
        !c.text.isExcluded &&
        (!savings.has(c.text) ||
          // "Was $429.00 · Save $50": the old price in the saving's own text.
          c.text === saving.text ||
          (isTrailing && list[i - 1] === saving && !SAVING.test(c.text.text))) &&
        Math.abs(c.text.order - saving.text.order) <= SAVING_SPAN,
    );
    // A promotion's figure is no price after the saving ("Price after eCoupon $1,588.05").
    const amounts = new Set(near.filter((c) => !promoted.has(c)).map(cents));
    const pairs = near.filter(
      (c) => amounts.has(cents(c) - cents(saving)) && cents(c) > cents(saving),
    );
    // The old price is the pair's high its words already name old, else the one closest to the
    // saving ("$329 members", "$379", "Was $429 · Save $50": 429, not 379), and every copy of it
    // near (a page may draw its buy box twice).
    const distance = (c: VisibleCandidate) =>
      Math.abs(c.text.order - saving.text.order) - ((c.features[was] ?? 0) > 0 ? 1_000 : 0);
    const closest = pairs.reduce<VisibleCandidate | null>(
      (a, c) => (a === null || distance(c) < distance(a) ? c : a),
      null,
    );
    const highs = closest ? pairs.filter((c) => cents(c) === cents(closest)) : [];
    for (const high of highs) high.features[was] = 1;
    if (highs.length > 0) matched.add(saving);
  }
  return matched;
}

/**
 * "EUR219.99 -50% EUR110.00", "$80.00 $60.00 (25% off)", and the sale first, "€ 17,10 € 18,00
 * -5%": a percentage right beside two amounts that it relates (the lower is the higher less that
 * percentage, to the displayed rounding) is a reduction: the higher is the old price, whatever
 * its classes (issue #34 class 4).
 */
export function markPercentPairs(
  list: VisibleCandidate[],
  readable: (text: string) => string,
  promoted: ReadonlySet<VisibleCandidate> = new Set(),
): void {
  const was = FEATURES.indexOf("wasWords");
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1] as VisibleCandidate;
    const b = list[i] as VisibleCandidate;
    if (b.text.order - a.text.order > 12 || a.amount === b.amount) continue;
    const [old, sale] = Number(a.amount) > Number(b.amount) ? [a, b] : [b, a];
    // A promotion's figure is no sale price ("Extra 20% off with code — $63.20 with code").
    if (promoted.has(sale)) continue;
    const high = Number(old.amount);
    const low = Number(sale.amount);
    if (!(low > 0)) continue;
    const near = `${b.text.before.slice(-30)} ${readable(b.text.text)} ${b.text.after.slice(0, 20)}`;
    // "Subscribe & Save 15%": the lower amount is a subscription's, not a sale of the product
    // (its words before either amount: the subscription's may come first).
    if (SUBSCRIPTION.test(near) || SUBSCRIPTION.test(`${a.text.before.slice(-30)} ${a.text.text}`))
      continue;
    const cut = (1 - low / high) * 100;
    for (const m of near.matchAll(/(\d{1,2})(?:[.,]\d)?\s?%/g))
      if (Math.abs(cut - Number(m[1])) < 1) {
        old.features[was] = 1;
        break;
      }
  }
}

/**
 * "$79.99 $39.99" in one text (read-amount.ts `oldThenCurrent`): the first is an old price (its
 * "was" feature, so a list price), the second reads as if it stood alone.
 */
export function markOldThenCurrent(
  list: VisibleCandidate[],
  readable: (text: string) => string,
): void {
  const at = (name: FeatureName) => FEATURES.indexOf(name);
  for (let i = 0; i + 1 < list.length; i++) {
    const a = list[i] as VisibleCandidate;
    const b = list[i + 1] as VisibleCandidate;
    if (a.text !== b.text || list[i + 2]?.text === a.text || list[i - 1]?.text === a.text) continue;
    if (!oldThenCurrent(readable(a.text.text), [a.price, b.price])) continue;
    a.features[at("wasWords")] = 1;
    b.features[at("sharesText")] = 0;
    b.features[at("laterInText")] = 0;
  }
}

/**
 * "<span>$39.99</span> <span>$24.99</span>": two elements each holding one amount, side by side
 * in one element with nothing else, the higher first. Whichever way a store orders a sale (old
 * then new, or new then old), the lower of such a pair is what a person pays: the higher first is
 * marked an old price, as in one text (`markOldThenCurrent`). The lower first is already the
 * price a person reads first.
 */
export function markOldThenCurrentSiblings(
  texts: readonly PriceText[],
  list: VisibleCandidate[],
  readable: (text: string) => string,
): void {
  const was = FEATURES.indexOf("wasWords");
  for (const pair of texts) {
    if (pair.childPrices.length !== 2 || pair.text.length > 60 || pair.isInOption) continue;
    const text = readable(pair.text);
    // Nothing but the two amounts (and a reduction's words): no "each", "shipping", a title.
    if (!isBareOldThenCurrent(text, foundPrices(text))) continue;
    const [first, second] = pair.childPrices as [string, string];
    const old = list.find(
      (c) => c.text.text === first && c.text.order > pair.order && c.text.order - pair.order <= 6,
    );
    const current = list.find(
      (c) => c.text.text === second && c.text.order > pair.order && c.text.order - pair.order <= 8,
    );
    if (old && current && old !== current && old.text !== current.text) old.features[was] = 1;
  }
}

/**
 * "<span>$38.00</span> – <span>$46.00</span>": a range drawn as two elements (WooCommerce's
 * variable products). The low end reads as a range, as in one text; the high end is no
 * candidate of its own (returned, for the caller to drop).
 */
export function markSplitRanges(
  texts: readonly PriceText[],
  list: VisibleCandidate[],
  readable: (text: string) => string,
): Set<VisibleCandidate> {
  const highs = new Set<VisibleCandidate>();
  for (const pair of texts) {
    if (pair.childPrices.length !== 2 || pair.text.length > 60 || pair.isInOption) continue;
    const found = foundPrices(readable(pair.text));
    if (found.length !== 1 || !found[0]?.isRange) continue;
    const [first, second] = pair.childPrices as [string, string];
    const near = (c: VisibleCandidate, text: string) =>
      c.text.text === text && c.text.order > pair.order && c.text.order - pair.order <= 8;
    const low = list.find((c) => near(c, first));
    const high = list.find((c) => near(c, second));
    if (!low || !high || low === high || Number(low.amount) >= Number(high.amount)) continue;
    low.price = { ...low.price, isRange: true };
    low.rangeHigh = Number(high.amount);
    highs.add(high);
  }
  return highs;
}

/**
 * "$64.95" then "Now $52.00" (in the same text or the next few elements): the higher amount
 * right before a price its words name as the current one is the old price, struck or not.
 */
export function markWasBeforeNow(
  list: VisibleCandidate[],
  readable: (text: string) => string,
  passed: ReadonlySet<VisibleCandidate>,
): void {
  const was = FEATURES.indexOf("wasWords");
  for (let i = 1; i < list.length; i++) {
    const c = list[i] as VisibleCandidate;
    // A promotion's figure between them ("Item price $129.00 Discount -$20.00 You pay $109.00")
    // is passed over.
    let j = i - 1;
    while (j > 0 && passed.has(list[j] as VisibleCandidate)) j--;
    const p = list[j] as VisibleCandidate;
    if (c.text.order - p.text.order > 10 || Number(p.amount) <= Number(c.amount)) continue;
    const own = readable(c.text.text).slice(0, Math.max(0, c.price.index));
    const lead = `${c.text.before.slice(-30)} ${own}`.trimEnd().replace(SIGN_AT_END, "");
    if (NOW_WORDS.test(lead)) p.features[was] = 1;
  }
}

/**
 * An old price's label ("Regular price", "UVP", "Was") names an old price only with a lower
 * amount of this product near it (within 60 elements, not in a row of other products, no unit
 * price, not named another kind by its own words: a member's price "Met Plus-kaart € 17,49", no
 * promotion's figure: "$29.16/mo" beside "Full retail price: $1,049.99"): Shopify's
 * themes label a price with no sale "Regular price" for screen readers, and with nothing lower
 * to pay, the amount so labelled is what a person pays. Struck markup is an old price alone, and
 * so is an amount whose price to pay the store shows only in the cart ("Click for price").
 */
export function keepWasWordsOnlyWithLower(
  list: VisibleCandidate[],
  inCart: ReadonlySet<PriceText>,
  namedOther: ReadonlySet<PriceText>,
  promoted: ReadonlySet<PriceText>,
): void {
  const was = FEATURES.indexOf("wasWords");
  const struck = FEATURES.indexOf("struckMarkup");
  for (const c of list) {
    if (!isOn(c, was) || isOn(c, struck) || isOn(c, EXCLUDED) || inCart.has(c.text)) continue;
    const hasLower = lowerCloseBy(list, c).some(
      (o) => !namedOther.has(o.text) && !promoted.has(o.text),
    );
    if (!hasLower) c.features[was] = 0;
  }
}

/** How far apart (in elements) an old price and the price it pairs with may stand. */
export const PAIR_SPAN = 60;

const EXCLUDED = FEATURES.indexOf("excluded");
const PER_UNIT = FEATURES.indexOf("perUnit");
const isOn = (c: VisibleCandidate, i: number) => (c.features[i] ?? 0) > 0;

/**
 * The lower amounts an old price's mark may pair with: within PAIR_SPAN elements of it, not in a
 * row of other products, no unit price.
 */
function lowerCloseBy(list: readonly VisibleCandidate[], c: VisibleCandidate): VisibleCandidate[] {
  return list.filter(
    (o) =>
      o !== c &&
      Number(o.amount) < Number(c.amount) &&
      Math.abs(o.text.order - c.text.order) <= PAIR_SPAN &&
      !isOn(o, EXCLUDED) &&
      !isOn(o, PER_UNIT),
  );
}

/**
 * A struck amount whose only lower amounts close by are members' or card holders' prices ("$3.99
 * with Card" above "<s>$4.99</s>"): the strike says what card holders do not pay, and the struck
 * amount is the price for everyone, no old price.
 */
export function unstrikeBesideMembersOnly(
  list: VisibleCandidate[],
  readable: (text: string) => string,
): void {
  const struck = FEATURES.indexOf("struckMarkup");
  const later = FEATURES.indexOf("laterInText");
  const isMember = (o: VisibleCandidate) => {
    if (isOn(o, later)) return false;
    const after = wordsAfter(o.text, o.price, readable(o.text.text));
    return isMemberAfter(after) && !labelsNextAmount(after);
  };
  for (const c of list) {
    if (!isOn(c, struck) || isOn(c, EXCLUDED)) continue;
    const lower = lowerCloseBy(list, c);
    if (lower.length > 0 && lower.every(isMember)) c.features[struck] = 0;
  }
}

/** How much more than the price paid at once the card or instalment price may be. */
const CASH_DISCOUNT_MAX = 1.3;

/**
 * "R$ 1.199,90 à vista no PIX" beside "R$ 1.299,90 em até 10x" (Brazil), "al contado": the price
 * paid at once, open to every shopper, is the price; a higher amount of the product close by
 * (within PAIR_SPAN elements, at most 30 % more, not in a row of other products) is the price by
 * card or in instalments, marked as an old price is.
 */
export function markCashPrice(list: VisibleCandidate[], readable: (text: string) => string): void {
  const was = FEATURES.indexOf("wasWords");
  for (const c of list) {
    if (isOn(c, EXCLUDED) || isOn(c, PER_UNIT)) continue;
    if (!CASH_PRICE_AFTER.test(wordsAfter(c.text, c.price, readable(c.text.text)))) continue;
    const cash = Number(c.amount);
    for (const o of list) {
      const amount = Number(o.amount);
      if (
        o !== c &&
        amount > cash &&
        amount <= cash * CASH_DISCOUNT_MAX &&
        Math.abs(o.text.order - c.text.order) <= PAIR_SPAN &&
        !isOn(o, EXCLUDED)
      ) {
        o.features[was] = 1;
        o.isCardPrice = true;
      }
    }
  }
}

/**
 * The prices of one product by way of paying: a card holder's beside a struck price for everyone
 * (`unstrikeBesideMembersOnly`), the price paid at once beside the card's (`markCashPrice`).
 */
export function markPaymentPrices(
  list: VisibleCandidate[],
  readable: (text: string) => string,
): void {
  unstrikeBesideMembersOnly(list, readable);
  markCashPrice(list, readable);
}
