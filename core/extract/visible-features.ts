import { type FoundPrice, parsePriceString } from "../money/parse-price-string.ts";
import {
  isMemberAfter,
  isNetAfter,
  isUnitWritten,
  labelBefore,
  labelsNextAmount,
  ownAfter,
  ownLead,
  ownWords,
  readableTexts,
  sinceLastAmount,
  wordsAfter,
} from "./amount-words.ts";
import { isLetterSignElsewhere } from "./currency-evidence.ts";
import { FEATURES, type FeatureName } from "./feature-names.ts";
import { markFirstAfterTitle } from "./first-after-title.ts";
import { foundPrices } from "./found-prices.ts";
import { linksToOtherProduct } from "./product-link.ts";
import { SIGN_AT_END } from "./read-amount.ts";
import {
  keepWasWordsOnlyWithLower,
  markOldThenCurrent,
  markOldThenCurrentSiblings,
  markPaymentPrices,
  markPercentPairs,
  markSavingPairs,
  markSplitRanges,
  markWasBeforeNow,
  PAIR_SPAN,
} from "./sale-marks.ts";
import { TextMemo } from "./scan/memo.ts";
import type { PageScan, PriceText } from "./scan/types.ts";
import {
  CURRENT_CLASS,
  ELSEWHERE_HEADING,
  LOWEST_30D_BEFORE,
  OLD_LABEL_AFTER,
  OLD_LABEL_BEFORE,
  OTHER_AMOUNT,
  OTHER_AMOUNT_ON_LINE,
  PRICE_IN_CART_AFTER,
  PRICE_WORD,
  PROMOTION_AFTER,
  PROMOTION_BEFORE,
  QUANTITY_TIER_BEFORE,
  SAVING,
  WAS_WORDS,
} from "./vocabulary/patterns.ts";

const TIMES = /(?:\d\s*[x×]\s*$|^\s*[x×]\s*\d|\d+\s*(?:x|×)\s*(?:de\s*)?$)/i;
/** "3x " or "12x de " right before an amount: one of several payments. */
const TIMES_BEFORE = /\d\s*[x×]\s*(?:de\s*)?(?:[^\p{L}\d\s]{1,3}\s?)?$/iu;

export type VisibleCandidate = {
  text: PriceText;
  price: FoundPrice;
  /** Canonical decimal amount, to compare candidates whatever their currency. */
  amount: string;
  features: number[];
  /** The high end of a range drawn in two elements, this one its low end (sale-marks.ts). */
  rangeHigh?: number;
  isCardPrice?: boolean; // by card beside a lower price paid at once (markCashPrice)
  isMember?: boolean; // a member's price, named by the words right after it
};

const bool = (b: boolean) => (b ? 1 : 0);
/**
 * A plus sign right before an amount, its currency sign between them at most ("+ $8.00 state
 * recycling fee", "(+$10)"): a charge added to the price, never "first after the title".
 */
const PLUS_BEFORE = /(?:^|[\s(])\+\s*[^\p{L}\d\s]{0,3}\s*$/u;
const NO_AMOUNTS: ReadonlySet<string> = new Set();

function candidatesOf(
  scan: PageScan,
  readable: (text: string) => string,
  pageUrl: string | undefined,
): { text: PriceText; price: FoundPrice; bare: boolean }[] {
  const out: { text: PriceText; price: FoundPrice; bare: boolean }[] = [];
  // Nested price texts repeat their children's text: each distinct text is read once.
  const memo = new Map<string, FoundPrice[]>();
  const pricesIn = (raw: string): FoundPrice[] => {
    let found = memo.get(raw);
    if (!found) {
      found = foundPrices(readable(raw));
      memo.set(raw, found);
    }
    return found;
  };
  for (const t of scan.priceTexts) {
    if (t.text.length > 120) continue;
    const text = readable(t.text);
    // Amounts of inner price texts belong to them: the outer text adds only its own.
    const inner =
      t.childPrices.length === 0
        ? NO_AMOUNTS
        : new Set(t.childPrices.flatMap((c) => pricesIn(c).map((p) => p.amount)));
    const all = pricesIn(t.text);
    const found = inner.size === 0 ? all : all.filter((p) => !inner.has(p.amount));
    if (found.length === 0 && inner.size > 0) continue;
    for (const price of found)
      if (!isLetterSignElsewhere(price, scan, pageUrl)) out.push({ text: t, price, bare: false });
    if (
      found.length === 0 &&
      PRICE_WORD.test(t.tokens) &&
      /^\D{0,12}\d[\d.,' ]*\D{0,12}$/.test(text) &&
      // "333ORAK", "A1234": digits written against letters are a code, not a bare price.
      !/\p{L}\d|\d\p{L}/u.test(text)
    ) {
      // A bare number in an element named for a price ("<span class=price>19,99</span>").
      const parsed = parsePriceString(text);
      if (parsed && parsed.currencyText === null)
        out.push({ text: t, price: { ...parsed, index: 0 }, bare: true });
    }
    if (out.length > 400) break;
  }
  return out;
}

/**
 * "$30.00" then a screen-reader label "Regular Price" then "$24.00": the label after the amount
 * names it, when a lower amount follows the label (a label before its own amount, "$24.00
 * Regular price $30.00", is followed by a higher one).
 */
function isLabelledOldAfter(t: PriceText, p: FoundPrice, own: string): boolean {
  if (!t.after || t.text.length > 30) return false;
  // The label in the amount's own text after its number ("$42.00 Value"), or right after it.
  const tail = own.slice(p.index).replace(/^[^\s\p{L}]*\d[\d.,' ]*/u, "");
  const inOwn = tail.trim() !== "" ? OLD_LABEL_AFTER.exec(tail) : null;
  if (inOwn && tail.slice(inOwn[0].length).trim() !== "") return false;
  const label = inOwn ?? OLD_LABEL_AFTER.exec(t.after);
  if (!label) return false;
  const next = foundPrices(inOwn ? t.after : t.after.slice(label[0].length))[0];
  return next !== undefined && Number(next.amount) < Number(p.amount);
}

/**
 * Stated as a saving by its own words (up to the next amount: "47,200원 (11,800원 할인)" is not
 * the saving, its second amount is) or those right before it since the last amount ("Save $120",
 * "You save:"; not "Instant Savings $300.00" then "$2,199.00"), and not an old price's label
 * ("Price before savings $2,499.00"); words after it may be the next amount's.
 */
function isStatedSaving(
  t: PriceText,
  p: FoundPrice,
  lead: string,
  readable: (text: string) => string,
): boolean {
  const own = ownWords(readable(t.text), p.index);
  return (
    SAVING.test(`${sinceLastAmount(t.before.slice(-20))} ${own}`) && !isLabelledOldBefore(lead, p)
  );
}

/**
 * "Was $30.00", "Regular price $30.00": the words before the amount name it an old price, unless
 * a higher amount stands right before them (then they are that one's label, read after it:
 * "$30.00 Original price $24.00", isLabelledOldAfter).
 */
function isLabelledOldBefore(lead: string, p: FoundPrice): boolean {
  const words = lead.trimEnd().replace(SIGN_AT_END, "");
  // The longer of the two readings: "Precio original" as a label, not "original" alone.
  const word = WAS_WORDS.exec(words);
  const phrase = OLD_LABEL_BEFORE.exec(words);
  const label = word && phrase ? (phrase.index <= word.index ? phrase : word) : (word ?? phrase);
  if (!label) return false;
  const before = lead.slice(0, label.index + 1).trimEnd();
  if (!/[\d$€£¥￥＄￡￦₩]$/.test(before)) return true;
  const previous = foundPrices(before.slice(-20)).at(-1);
  return previous === undefined || Number(previous.amount) < Number(p.amount);
}

/** Every visible price candidate of the page with its feature vector (see FEATURES). */
export function visibleCandidates(
  scan: PageScan,
  structuredAmounts: ReadonlySet<string>,
  references?: VisibleCandidate[],
  pageUrl?: string,
): VisibleCandidate[] {
  const readable = readableTexts();
  // OTHER_AMOUNT (a long list) tested once per distinct text: a text's candidates share words.
  const namesOther = new TextMemo((text: string) => OTHER_AMOUNT.test(text), 20_000, 400);
  const saysOther = (text: string) => namesOther.of(text);
  // Each link's address is read once (a row of other products repeats them).
  const links = new Map<string, boolean>();
  const linksElsewhere = (href: string, url: string) => {
    let other = links.get(href);
    if (other === undefined) {
      other = linksToOtherProduct(href, url);
      links.set(href, other);
    }
    return other;
  };
  const raw = candidatesOf(scan, readable, pageUrl).filter((c) => /[1-9]/.test(c.price.amount));
  const counts = new Map<string, number>();
  for (const c of raw) counts.set(c.price.amount, (counts.get(c.price.amount) ?? 0) + 1);
  const logs = raw.map((c) => Math.log10(Number(c.price.amount))).sort((a, b) => a - b);
  const medianLog = logs.length ? (logs[logs.length >> 1] as number) : 0;
  const buys = scan.buyControls.map((b) => b.order);
  const h1 = titleOrder(scan);
  const perText = new Map<PriceText, number>();
  const inText = new Map<PriceText, number>();
  for (const c of raw) inText.set(c.text, (inText.get(c.text) ?? 0) + 1);
  const promotions = new Set<(typeof raw)[number]>();
  // Price texts whose own words name another kind of amount (shipping, an instalment, a
  // saving, an add-on …: "$5.00 shipping", "Members pay $45"): never "first after the title".
  const namedOther = new Set<PriceText>();
  const lowest30d = new Set<(typeof raw)[number]>();
  const savings = new Set<PriceText>();
  // "MSRP $899.00 Click for price": the amount shown is no price to pay (kept as an old price).
  const inCart = new Set<PriceText>();
  const out = raw.map((c) => {
    const t = c.text;
    const p = c.price;
    const indexInText = perText.get(t) ?? 0;
    perText.set(t, indexInText + 1);
    let buyDistance = Number.POSITIVE_INFINITY;
    for (const b of buys) buyDistance = Math.min(buyDistance, Math.abs(b - t.order));
    const lead = `${t.before.slice(-30)} ${readable(t.text).slice(0, Math.max(0, p.index))}`;
    const around = `${ownLead(lead)} ${t.text} ${ownAfter(t.after.slice(0, 25))}`;
    if (indexInText === 0 && saysOther(ownWords(readable(t.text), p.index))) namedOther.add(t);
    // … or, for some kinds, the words before it on its own line ("Same-day delivery <b>$9.99</b>",
    // "Similar item: Travel Pillow Lite <span>$19.99</span>").
    // (A label ending with a colon right before it is its line's too, in a block of its own:
    // "<div>Current bid:</div><div><span>US $1,250.00</span></div>".)
    if (
      indexInText === 0 &&
      (OTHER_AMOUNT_ON_LINE.test(ownLead(t.lineBefore) || labelBefore(t.before)) ||
        QUANTITY_TIER_BEFORE.test(t.before) ||
        (ELSEWHERE_HEADING.test(t.lineBefore) && !/\d/.test(t.lineBefore)))
    )
      namedOther.add(t);
    // … or the heading of its section names a subscription ("Spar-Abo", then the offer's terms,
    // then its amount), the product's title not between them.
    const isSubscription = t.subscriptionAt > 0 && !(h1 > t.subscriptionAt && h1 < t.order);
    if (isSubscription) namedOther.add(t);
    // "$19.99 with membership", "$2.99 with card": a member's price, its words right after it.
    const after = indexInText === 0 ? wordsAfter(t, p, readable(t.text)) : null;
    const isMember = after !== null && isMemberAfter(after) && !labelsNextAmount(after);
    if (isMember) namedOther.add(t);
    const isElsewhere = t.isInOption || t.isUncheckedRadio || t.isExcluded || isMember;
    // "<span>£69.99</span> <span>ex. VAT</span>": a price before tax, its words right after it.
    const isNet = after === t.after && isNetAfter(after);
    if (isNet) namedOther.add(t);
    // Inside a link to another product's page: a related item's price ("Customers also viewed",
    // its truncated name and its price links to it), never the product's own first price after
    // its title (a link to the product's own offers, "New (7) from $99.12", may be).
    if (t.linkHref !== null && pageUrl !== undefined && linksElsewhere(t.linkHref, pageUrl))
      namedOther.add(t);
    // "3x 86,33€", "12x de R$ 10,00": one of several payments, never "first after the title".
    if (TIMES_BEFORE.test(lead) || PLUS_BEFORE.test(lead)) namedOther.add(t);
    if (isStatedSaving(t, p, lead, readable)) savings.add(t);
    // (After a screen-reader copy of the amount too: "$399.99$399.99 To see our price, add …".)
    const afterCopy = t.after.startsWith(t.text) ? t.after.slice(t.text.length) : t.after;
    if (indexInText === 0 && PRICE_IN_CART_AFTER.test(afterCopy)) inCart.add(t);
    if (isPromotion(lead, readable(t.text), p.index, t.after) || DEDUCTION.test(lead))
      promotions.add(c);
    else if (isLowest30d(t, readable(t.text), p.index)) lowest30d.add(c);
    const f: Record<FeatureName, number> = {
      bias: 1,
      nearTitleAfter: h1 >= 0 && t.order > h1 ? Math.exp(-(t.order - h1) / 150) : 0,
      nearTitleBefore: h1 >= 0 && t.order < h1 ? Math.exp(-(h1 - t.order) / 150) : 0,
      nearBuyControl: Number.isFinite(buyDistance) ? Math.exp(-buyDistance / 100) : 0,
      priceNamed: bool(PRICE_WORD.test(t.tokens)),
      emphasised: bool(t.isEmphasised),
      struckMarkup: bool(t.isStruckMarkup),
      struckClass: bool(t.isStruckClass),
      wasWords: bool(
        inCart.has(t) ||
          isLabelledOldBefore(lead, p) ||
          (indexInText === 0 && isLabelledOldAfter(t, p, readable(t.text))),
      ),
      excluded: bool(t.isExcluded),
      hidden: bool(t.isHidden),
      inMain: bool(t.isInMain),
      otherAmountWords: bool(saysOther(around) || TIMES.test(lead) || isSubscription || isNet),
      perUnit: bool(t.isPerUnit || p.isPerUnit || p.isMultiBuy || isUnitWritten(t, p, lead)),
      fromPrice: bool(p.isFrom || p.isRange),
      repeated: Math.min(1, ((counts.get(p.amount) ?? 1) - 1) / 3),
      outlier: bool(Math.abs(Math.log10(Number(p.amount)) - medianLog) > 1.5),
      // An unchosen option's, another product's card's or a member's amount confirms nothing.
      equalsStructured: bool(structuredAmounts.has(p.amount) && !isElsewhere),
      bareNumber: bool(c.bare),
      inOption: bool(t.isInOption),
      firstAfterTitle: 0,
      sharesText: bool((inText.get(t) ?? 0) > 1),
      laterInText: bool(indexInText > 0),
      inProductScope: bool(t.isInProductScope),
      priceProperty: bool(t.prop === "price"),
      currentNamed: bool(!t.isStruckClass && CURRENT_CLASS.test(t.tokens)),
    };
    return { text: t, price: p, amount: p.amount, features: FEATURES.map((n) => f[n]), isMember };
  });
  // An old price's label counts once paired with a lower amount (before the marks below, whose
  // pairs are their own).
  keepWasWordsOnlyWithLower(out, inCart, namedOther, new Set([...promotions].map((c) => c.text)));
  markPaymentPrices(out, readable);
  markOldThenCurrent(out, readable);
  markOldThenCurrentSiblings(scan.priceTexts, out, readable);
  const rangeHighs = markSplitRanges(scan.priceTexts, out, readable);
  if (rangeHighs.size > 0) {
    const kept = out.filter((c) => !rangeHighs.has(c));
    out.length = 0;
    out.push(...kept);
  }
  const promoted = new Set(out.filter((_, i) => promotions.has(raw[i] as (typeof raw)[number])));
  markWasBeforeNow(out, readable, promoted);
  const statedSavings = markSavingPairs(out, savings, promoted);
  markPercentPairs(out, readable, promoted);
  // A promotion's figure is never the price (issue #34 class 3), and the units of a price drawn
  // in pieces never one of their own (class 2): neither is a candidate at all.
  // The EU's lowest price of the last 30 days is a reference of its own, never the price: it
  // goes to `references` (shown outside carousels and lists of other items).
  const pieces = unitsOfPieces(raw);
  if (promotions.size > 0 || pieces.size > 0 || lowest30d.size > 0 || statedSavings.size > 0) {
    const kept = out.filter((c, i) => {
      const r = raw[i] as (typeof raw)[number];
      if (statedSavings.has(c)) return false;
      if (lowest30d.has(r)) {
        if (references && !c.text.isExcluded && !pieces.has(r)) references.push(c);
        return false;
      }
      return !promotions.has(r) && !pieces.has(r);
    });
    out.length = 0;
    out.push(...kept);
  }
  // An "old price" class counts once paired: then the first price after the title is the
  // current one beside it, not the old one.
  keepStruckClassOnlyInPairs(out, namedOther, readable, saysOther);
  markFirstAfterTitle(out, h1, namedOther, readable, scan.h1 ?? "");
  return out;
}

/**
 * "$809" or "97 €" in an element of its own inside "$809.97" (the other piece in another
 * element): the units or the cents of a price drawn in pieces, never a price of their own.
 */
function unitsOfPieces<T extends { text: PriceText; price: FoundPrice; bare: boolean }>(
  raw: readonly T[],
): Set<T> {
  const out = new Set<T>();
  for (const c of raw) {
    const amount = c.price.amount;
    if (amount.includes(".")) continue;
    const whole = raw.find(
      (o) =>
        o !== c &&
        o.text.order < c.text.order &&
        (o.text.childPrices.includes(c.text.text) ||
          (c.bare && c.text.order - o.text.order < 10 && o.text.text.includes(c.text.text))) &&
        (o.price.amount.startsWith(`${amount}.`) ||
          // "$1" then ",299" in elements of their own: the thousands of "$1,299".
          (o.price.amount.split(".")[0] !== amount &&
            (o.price.amount.split(".")[0] ?? "").startsWith(amount) &&
            o.text.childPrices.includes(c.text.text) &&
            o.text.text.startsWith(c.text.text)) ||
          (amount.length === 2 &&
            o.text.text.includes("\uE000") &&
            o.price.amount.endsWith(`.${amount}`))),
    );
    if (whole) out.add(c);
  }
  return out;
}

/**
 * "-$80.00", "−12,00 €": an amount with a minus sign written against it is taken off something (a
 * saving, a coupon, a trade-in), never the price; "10-20 €" (a digit before the dash) is a range
 * and "Lamp - $24.99" (a dash between spaces) a separator.
 */
const DEDUCTION = /(?:^|[\s:(])[-−](?:[^\p{L}\d\s]{1,3}|[A-Z]{3})?$/u;

/**
 * A free-shipping or discount threshold, a saving, a reward or a monthly payment: the words
 * just before the amount ("on orders of $", "save") or just after it ("or more", "off", "/mo").
 */
function isPromotion(lead: string, text: string, index: number, after: string): boolean {
  if (PROMOTION_BEFORE.test(lead.toLowerCase())) return true;
  const rest = text.slice(index).replace(/^[\d.,' ]*\d/, "");
  return PROMOTION_AFTER.test(`${rest} ${after.slice(0, 25)}`.toLowerCase());
}

/** "Lowest price in the last 30 days:" (any listed language) right before the amount. */
function isLowest30d(t: PriceText, text: string, index: number): boolean {
  const own = text.slice(0, Math.max(0, index));
  // On the amount's own line, or ending in a colon before it: a label of this amount. A badge
  // in a block of its own above the price ("Lowest price in 30 days", a US store's claim) is no
  // label of the price under it.
  const before = t.lineBefore || (/[:：]\s*$/.test(t.before) ? t.before : "");
  const lead = `${before} ${own}`;
  // Every listed phrase names its 30 days in digits.
  return lead.includes("30") && LOWEST_30D_BEFORE.test(lead);
}

/**
 * An "old price" class counts only with a current price beside it (within 60 elements, a lower
 * amount, nothing marking it as another kind of amount, its own words no member's price "$6,135
 * Member" beside "$8,180 Regular"): some shops name their only price
 * "price-old-live", and a class name alone is weaker evidence than struck markup or words.
 */
function keepStruckClassOnlyInPairs(
  list: VisibleCandidate[],
  namedOther: ReadonlySet<PriceText>,
  readable: (text: string) => string,
  saysOther: (text: string) => boolean,
): void {
  const struckClass = FEATURES.indexOf("struckClass");
  const others = OTHER_THAN_CURRENT.map((name) => FEATURES.indexOf(name));
  const on = (c: VisibleCandidate, i: number) => (c.features[i] ?? 0) > 0;
  // Most pages have no candidate of an "old" class: then no candidate's words need reading.
  if (!list.some((c) => on(c, struckClass))) return;
  // What else marks each candidate, tested once (not once per struck candidate beside it); its
  // "old" class is read as it stands, once cleared for want of a pair. Another kind's words are
  // its own or those before it since the last amount: the words after it may be the next
  // amount's ("149 Kč" then "123 Kč bez DPH").
  const isMarked = list.map(
    (c) =>
      namedOther.has(c.text) ||
      others.some((i) => on(c, i)) ||
      saysOther(
        `${sinceLastAmount(c.text.before.slice(-30))} ${ownWords(readable(c.text.text), c.price.index)}`,
      ),
  );
  for (const c of list) {
    if (!on(c, struckClass)) continue;
    const hasPair = list.some(
      (o, k) =>
        o !== c &&
        Number(o.amount) < Number(c.amount) &&
        Math.abs(o.text.order - c.text.order) <= PAIR_SPAN &&
        !isMarked[k] &&
        !on(o, struckClass),
    );
    if (!hasPair) c.features[struckClass] = 0;
  }
}

/** Besides an "old" class, what marks a candidate as another kind of amount than the price. */
const OTHER_THAN_CURRENT: readonly FeatureName[] = [
  "inOption",
  "struckMarkup",
  "wasWords",
  "perUnit",
  "excluded",
  "hidden",
];

/**
 * Where the product's title stands: the first visible <h1> named for a title
 * (`<h1 class="product-title">`), else the first shown <h1> naming the product as og:title or
 * <title> do, else the first <h1> — a sign-up pop-up's or a menu's <h1>
 * coming first is no title (issue #34 class 5) — else, on a page with no <h1>, the first element
 * whose text is the page's og:title.
 */
export function titleOrder(scan: PageScan): number {
  const named = scan.titleElements.find(
    (r) => r.tag === "h1" && !r.isExcluded && !r.isHidden && r.text.length > 2,
  );
  if (named) return named.order;
  // Names unknown: the first shown <h1> that names the product as og:title or <title> do, when
  // a pop-up's or a promotion's <h1> ("15% sparen", "Sign up for 10% off") comes first.
  if (scan.titleH1Order >= 0) return scan.titleH1Order;
  // A page with no <h1>, or whose first <h1> is the logo in its header: the element that names
  // the product as og:title or <title> do (issue #34 classes 5 and 7), when there is one.
  if (scan.h1Order >= 0 && !(scan.isH1Excluded && scan.titleMatchOrder >= 0)) return scan.h1Order;
  return scan.titleMatchOrder;
}

export function scoreOf(features: readonly number[], weights: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += (features[i] ?? 0) * (weights[i] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
