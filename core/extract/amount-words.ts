import type { FoundPrice } from "../money/parse-price-string.ts";
import { foundPrices } from "./found-prices.ts";
import type { PriceText } from "./scan/types.ts";
import {
  BEFORE_TAX_AFTER,
  BUY_NOW_LABEL,
  CURRENCY_WORD,
  DEPOSIT_AFTER,
  MEMBERSHIP_AFTER,
  PER_HINT,
  PRICE_LABEL,
  UNIT_AFTER,
  UNIT_BEFORE,
  UNIT_OF,
} from "./vocabulary/patterns.ts";

/**
 * What the words around an amount make of it, beyond the listed concepts (issue #34 class 3): a
 * sentence of its own ("Add 2-Year Protection for $5.99"), an amount standing alone ("$49.99"),
 * a member's price named right after it ("$19.99 with membership"). Pure.
 */

/** Words of two letters or more, but currency codes and currencies in letters ("USD", "zł"). */
const SENTENCE_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?!(?:[A-Z]{2,3}|${CURRENCY_WORD})(?![\\p{L}\\p{N}]))\\p{L}[\\p{L}'’-]+`,
  "gu",
);

const NUMBER_AT = /\d[\d.,'\s]*/y;
/**
 * The words of a price text that speak of its amount at `index`: all of it up to the next
 * number after that amount. "$69.99 Earn up to 70 Rewards points": the points are the 70's.
 */
export function ownWords(text: string, index: number): string {
  const digit = text.slice(index).search(/\d/);
  if (digit < 0) return text;
  NUMBER_AT.lastIndex = index + digit;
  const end = NUMBER_AT.exec(text) ? NUMBER_AT.lastIndex : text.length;
  const next = text.slice(end).search(/\d/);
  if (next < 0) return text;
  // A parenthesis opening before the next number is that number's ("2,200円（税込）(税抜 2,000円)").
  const paren = text.slice(end, end + next).lastIndexOf("(");
  return text.slice(0, end + (paren >= 0 ? paren : next));
}

/**
 * How much of a sentence an amount's own words are (its text up to the next number: "$69.99 Earn
 * up to 70 points" speaks of 70 after "to"): 0 when they name a price ("Our price", "Sale", "Deal
 * of the day", "Preis"), else their words of two letters or more, currency codes apart.
 */
export function sentenceWords(text: string, index: number): number {
  const own = toSentenceEnd(ownWords(text, index), index);
  if (PRICE_LABEL.test(own)) return 0;
  return own.match(SENTENCE_WORD)?.length ?? 0;
}

/** The end of a sentence: a stop, then a capital opening the next ("$60. I sleep …"). */
const SENTENCE_END = /[.!?]["”’)]?\s+(?=["“]?\p{Lu})/u;

/**
 * Own words up to the end of the amount's sentence: a next sentence's words ("… of the $60. I
 * sleep through the night now.") are no label of it.
 */
function toSentenceEnd(own: string, index: number): string {
  const digits = own.slice(index).search(/\D/);
  if (digits < 0) return own;
  const from = index + digits;
  const end = own.slice(from).search(SENTENCE_END);
  return end < 0 ? own : own.slice(0, from + end + 1);
}

/** An amount with no word beside it but a currency's ("$49.99", "USD 49.99", "49,99 €"). */
export function standsAlone(text: string): boolean {
  return (text.match(SENTENCE_WORD) ?? []).length === 0;
}

const wordCount = (text: string) => text.match(SENTENCE_WORD)?.length ?? 0;

/**
 * An amount alone in an element of its own inside a line of words, a mention in running text
 * ("Replacement filters <b>$12.99</b> for a 3-pack", "Pairs well with the travel case,
 * <span>$19.00</span>, in three colours"): two words or more of its line before it (since the
 * last price; one, "Just <b>$39.99</b> plus tax", is a price's own line), one or more after it
 * (up to the next number or its sentence's end), and none of them a price's label ("Our price:
 * <b>$39.99</b> with free returns", "Now <b>$29.99</b> (was $39.99)").
 */
export function isInRunningText(t: PriceText, text: string): boolean {
  if (t.lineBefore === "" || t.lineAfter === "" || !standsAlone(text)) return false;
  const before = ownLead(t.lineBefore);
  const after = lineWordsAfter(t.lineAfter);
  if (wordCount(before) < 2 || wordCount(after) < 1) return false;
  // The sentence goes on after the amount: its next word in lower case ("for a 3-pack"), not a
  // label or field of its own ("In Stock", "Free Shipping").
  if (!/^[^\p{L}]*\p{Ll}/u.test(after)) return false;
  return !PRICE_LABEL.test(before) && !PRICE_LABEL.test(after);
}

/**
 * An amount alone in its element closing a line of words ("Add a matching lid for
 * <span>$4.99</span>", "Passender Glasdeckel erhältlich für <span>14,99 €</span>"): three words
 * or more of its line before it (since the last price), none after it, no price's label ("Our
 * price for members"). What it names is for the reader to judge; first-after-title.ts takes it
 * as a mention only with a higher price standing on its own line after it.
 */
export function endsLineOfWords(t: PriceText, text: string): boolean {
  if (t.lineBefore === "" || !standsAlone(text)) return false;
  if (wordCount(lineWordsAfter(t.lineAfter)) > 0) return false;
  const before = ownLead(t.lineBefore);
  return wordCount(before) >= 3 && !PRICE_LABEL.test(before);
}

/**
 * An amount standing as a price on its line: no words before it on its line but a price's label
 * ("Price <span>$39.99</span>", "<div>Our price: $39.99</div>"), two at most after it ("$39.99
 * each", "<span>$39.99</span> + tax"); not "Travel case <span>$19.00</span>".
 */
export function standsOnItsLine(t: PriceText, text: string, index: number): boolean {
  const own = toSentenceEnd(ownWords(text, index), index);
  const before = `${ownLead(t.lineBefore)} ${own.slice(0, index)}`;
  const after = `${own.slice(index)} ${lineWordsAfter(t.lineAfter)}`;
  if (PRICE_LABEL.test(before)) return wordCount(after) <= 2 || PRICE_LABEL.test(after);
  return wordCount(before) === 0 && wordCount(after) <= 2;
}

/** The words after an amount's element on its line that are its own: to the next number or sentence. */
function lineWordsAfter(lineAfter: string): string {
  const own = ownAfter(lineAfter);
  const digit = own.search(/\d/);
  const words = digit < 0 ? own : own.slice(0, digit);
  const end = words.search(/[.!?](?:\s|$)/);
  return end < 0 ? words : words.slice(0, end);
}

/**
 * A unit price written around the amount beyond its own text: the quantity before it ("Prix au
 * kilo : 31,80 €", "1 kg = 7,80 €"; not another amount's unit right before it) or right after
 * its element ("<span>1,80 €</span> / 100 g").
 */
export function isUnitWritten(t: PriceText, p: FoundPrice, lead: string): boolean {
  const near = lead.slice(-40);
  // The cheap test first: a quantity before an amount is written "1 kg =" or with a "per" word.
  const before = near.includes("=") || PER_HINT.test(near) ? UNIT_BEFORE.exec(near) : null;
  // "7,80 € al kg" then "3,90 €": the unit is the amount's before it, not a label of this one.
  if (before && !/[\d\p{Sc}]\s*$/u.test(near.slice(0, before.index))) return true;
  // The amount alone in its element, a sign or code before it at most ("<span>$13.99</span>
  // <span>/lb</span>", "<span>1,80 €</span> / 100 g"); a piece ("/each") is the price of one.
  if (standsAlone(t.text) && !/\d/.test(t.text.slice(0, p.index)) && isMeasureAfter(t.after))
    return true;
  return isPerPieceAfterPack(t, p);
}

/** A measure written right after an element ("/lb", "/ 100 g", "per sq. ft."), not "/each". */
function isMeasureAfter(after: string): boolean {
  const unit = UNIT_AFTER.exec(after);
  return unit !== null && (unit[1] !== undefined || !PIECE?.test(unit[2] ?? ""));
}

/**
 * "$15.99 $0.13 / ea" (a bottle of 120): a price per piece right after an amount at least three
 * times it on its own line is that pack's unit price; alone ("$349.00 / each") it is the price of
 * one, and after a struck old price ("$19.99 $15.99 / each") a sale's.
 */
const PIECE = UNIT_OF.find(([unit]) => unit === "piece")?.[1];

function isPerPieceAfterPack(t: PriceText, p: FoundPrice): boolean {
  if (t.lineBefore === "" || !/\d\D*$/.test(t.lineBefore)) return false;
  const rest = t.text.slice(p.index).replace(/^[\d.,' ]*\d/, "");
  const unit = UNIT_AFTER.exec(rest.trim() === "" ? t.after : rest);
  if (!unit || !PIECE?.test(unit[2] ?? "")) return false;
  const pack = foundPrices(t.lineBefore.replace(/\D+$/, "")).at(-1);
  return pack !== undefined && Number(pack.amount) >= 3 * Number(p.amount);
}

/** Everything up to the last digit: the words before an amount since the one before it. */
const SINCE_LAST_AMOUNT = /^[\s\S]*\d/;

/** The words of a text before an amount since the last amount in it. */
export function sinceLastAmount(before: string): string {
  return before.replace(SINCE_LAST_AMOUNT, "");
}

/**
 * The words of a text before an amount since the last price in it ("12x de R$ 24,99 R$ 299,90 "
 * → " "): words before another price are that one's ("12x de" names the instalment, not what
 * follows it). Digits that are no price ("Delivery in 3-5 days") stay.
 */
export function sinceLastPrice(before: string): string {
  if (!/\d/.test(before)) return before;
  const last = foundPrices(before).at(-1);
  if (!last) return before;
  return before
    .slice(last.index)
    .replace(/^\p{L}{0,3}[^\s\p{L}\d]* ?\d[\d.,' ]*[^\s\p{L}\d]*/u, "");
}

/**
 * The words before an amount that are its own: none after a buy-now label ending with a colon
 * ("[3 bids] Place bid Buy It Now:": the bid's words are the bid's), else since the last price.
 */
export function ownLead(lead: string): string {
  return endsWithBuyNowLabel(lead) ? "" : sinceLastPrice(lead);
}

/**
 * BUY_NOW_LABEL's test, after the cheap one: its label ends with a colon, and most texts before
 * an amount hold none.
 */
function endsWithBuyNowLabel(text: string): boolean {
  return (text.includes(":") || text.includes("：")) && BUY_NOW_LABEL.test(text);
}

/**
 * The words after an amount that are its own: up to a parenthesis holding another amount, whose
 * words are that one's ("¥12,800税込" then "(税抜 ¥11,636)": the price before tax is the other's).
 */
export function ownAfter(after: string): string {
  const at = after.search(/\([^)\d]*\d/);
  return at >= 0 ? after.slice(0, at) : after;
}

/** Words right after an amount's element naming it a price before tax ("ex. VAT"), not the next amount's. */
export function isNetAfter(after: string): boolean {
  return isBeforeTaxAfter(ownAfter(after)) && !labelsNextAmount(after);
}

/** The words since the last amount before an amount, when they end as a label does (a colon). */
export function labelBefore(before: string): string {
  if (endsWithBuyNowLabel(before)) return "";
  const words = sinceLastAmount(before);
  return /[:：]\s*$/.test(words) ? words.slice(-40) : "";
}

/**
 * The words that name an amount: its line's words since the last price ("Plus member price"),
 * else a label ending with a colon before it, then its own text's words ("$19.98 Club price").
 */
export function namingWords(t: PriceText, readableText: string, index: number): string {
  return `${ownLead(t.lineBefore) || labelBefore(t.before)} ${ownWords(readableText, index)}`;
}

/**
 * Words after an amount that end with a colon before the next amount ("$199.90 Con tarjeta Oh!:
 * $179.90") are that one's label, not this one's.
 */
export function labelsNextAmount(after: string): boolean {
  const digit = after.search(/\d/);
  return digit > 0 && /[:：]\s*(?:\p{L}{1,3}\s?)?\S{0,3}\s*$/u.test(after.slice(0, digit));
}

/**
 * The words right after the amount (`wordsAfter`) name a member's price, or a deposit ("Reserve
 * yours with a <b>$500</b> deposit").
 */
export function isMemberAfter(after: string): boolean {
  return MEMBERSHIP_AFTER.test(after) || DEPOSIT_AFTER.test(after);
}

/**
 * The words right after the amount's element name a price before tax ("<span>£69.99</span>
 * <span>ex. VAT</span>", "<span>69,99 €</span> <span>zzgl. MwSt.</span>"; in its own text they
 * are read with its other words: the caller passes `t.after` only).
 */
export function isBeforeTaxAfter(after: string): boolean {
  return BEFORE_TAX_AFTER.test(after);
}

/** The words right after the amount: the rest of its own text, else the text after its element. */
export function wordsAfter(t: PriceText, p: FoundPrice, own: string): string {
  // The amount, then its sign or code after it ("19,99 €", "19.99 USD").
  const tail = own
    .slice(p.index)
    .replace(/^[^\s\p{L}]*\d[\d.,' ]*[^\s\p{L}\d]*\s*(?:[A-Z]{3}(?![\p{L}]))?/u, "");
  // Nothing but a currency written in letters after it ("1 699 kr"): the words after the element.
  const isBare = tail.trim() === "" || /^\s*\p{L}{1,3}\.?\s*$/u.test(tail);
  return isBare ? t.after : tail;
}

/**
 * A price read aloud for screen readers between its pieces ("$49<span class=sr-only> dollars
 * and </span><sup>99</sup><span class=sr-only> cents</span>"): units and cents.
 */
const SPOKEN_CENTS = /(\d[\d,]*)\uE000? ?dollars? and ?\uE000? ?(\d{2}) ?cents?(?![a-z])/gi;

/**
 * "229\uE000 99" (a <sup> after the units) → "229.99"; other marks go. A cents sign after one or
 * two digits ("99¢", "5 ¢") is read as the dollar amount it is ("$0.99"), in whichever dollar the
 * page's `$` means.
 */
function readableText(text: string): string {
  const dollars = text.includes("¢")
    ? text.replace(
        /(?<![\d.,])(\d{1,2}) ?¢/g,
        (_m, cents: string) => `$0.${cents.padStart(2, "0")}`,
      )
    : text;
  return dollars
    .replace(SPOKEN_CENTS, (_m, units: string, cents: string) => `${units}.${cents}`)
    .replace(/(\d[\d.,' ]*?)\uE000\s?(\d{2})(?!\d)/g, (_m, units: string, cents: string) =>
      /[.,]$/.test(units)
        ? `${units}${cents}`
        : `${units}${units.includes(".") ? "," : "."}${cents}`,
    )
    .replace(/\uE000/g, "");
}

/** `readableText` once per distinct text of a page (nested price texts repeat their children's). */
export function readableTexts(): (text: string) => string {
  const memo = new Map<string, string>();
  return (text) => {
    let readable = memo.get(text);
    if (readable === undefined) {
      readable = readableText(text);
      memo.set(text, readable);
    }
    return readable;
  };
}
