import {
  CURRENCY_SYMBOLS,
  canonicalCurrency,
  currencyExponent,
  ISO_CODES,
  REPLACED_CODES,
  SYMBOLS_BY_LENGTH,
} from "./currencies.ts";
import { normalizeDecimal } from "./decimal-to-minor.ts";

/** What a price string says. `amount` is a canonical decimal string ("1234.56"). */
export type ParsedPrice = {
  amount: string;
  /** The currency as written ("$", "€", "EUR"), or null when the text names none. */
  currencyText: string | null;
  /** ISO codes the written currency can mean; one entry when unambiguous, empty when unknown. */
  currencies: readonly string[];
  /** "10 – 20 €": the low end is `amount`. */
  isRange: boolean;
  /** "from $10", "ab 10 €". */
  isFrom: boolean;
  /** "$1.23/oz", "2,49 € / 100 g": a unit price, not the price of the item. */
  isPerUnit: boolean;
  /** "2 for $5": the amount buys several items. */
  isMultiBuy: boolean;
};

export type PriceStringHints = {
  /** ISO code known from elsewhere on the page (structured data, platform). */
  currency?: string | null;
  /** The page's decimal separator, when known for certain. */
  decimalSeparator?: "." | "," | null;
};

const MAX_INPUT = 2_000;
const LETTER = "A-Za-z\\u00C0-\\u024F\\u0400-\\u04FF";
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const CURRENCY_PATTERN = new RegExp(
  [
    ...SYMBOLS_BY_LENGTH.map((symbol) =>
      /^[\p{L}.]+$/u.test(symbol)
        ? `(?<![${LETTER}])${escapeRegex(symbol)}(?![${LETTER}])`
        : escapeRegex(symbol),
    ),
    `(?<![${LETTER}])(?:${[...ISO_CODES, ...Object.keys(REPLACED_CODES)].join("|")})(?![${LETTER}])`,
  ].join("|"),
  "gu",
);
/** A number: digits with grouping (".", ",", "'", a space before exactly three digits). */
const NUMBER_PATTERN =
  /(?<!\d)-?(?:[.,](?=\d))?\d(?:\d|[.,'](?=\d)|(?<![.,]\d{1,2}) (?=\d{3}(?!\d))|[.,] (?=\d{2}(?!\d)))*(?:[.,:][-–]+)?(?![\d.,]*\s?%)/g;
const WORD_CHAR = /[\p{L}_]/u;
const FREE_WORDS = /(?:^|[^\p{L}])(?:free|gratis|kostenlos|gratuit|gratuito)(?:$|[^\p{L}])/iu;

const FROM_WORDS =
  /(?:^|[^\p{L}])(?:from|starting at|ab|à partir de|a partir de|desde|vanaf|fra|från|od|от|a partire da)\s*[:]?\s*$/iu;
const PER_UNIT =
  /^\s*(?:[^\d\s]{0,4}\s*)?(?:\/|per\b|pro\b|par\b|je\b|la\b|le\b|au\b|al\b|el\b|por\b)\s*(?:\d+(?:[.,]\d+)?\s*)?(?:kg|g|gr|lb|lbs|oz|fl\.?\s?oz|l|ltr|ml|cl|m|m2|m²|ft|sq\.?\s?ft|count|ct|unit|units|item|piece|pc|pcs|stk|stück|st|kilo|liter|litre|meter|100)\b/iu;
const MULTI_BUY = /(\d+)\s*(?:for|für|pour|por|per|x)\s*$/iu;
const RANGE_GAP = /^ ?(?:-|to|bis|à|a|até|до) ?$/iu;
const RANGE_GAP_SIGNED =
  /^ ?(?:[^\p{L}\d\s]{1,3}|[A-Z]{3})? ?(?:-|to|bis|à|até|до) ?(?:[^\p{L}\d\s]{1,3}|[A-Z]{3})? ?$/u;
const RANGE_AFTER = /^\s*(?:-|to|bis|à|a|até|до)\s*(?:\S{0,4}\s*)?\d/iu;
const NOW_WORD = /(?:^|[^\p{L}])(?:now|jetzt|maintenant|ahora|nu|sale|offer price)\s*:?\s*$/iu;

type Token = { start: number; end: number; text: string };

/**
 * The characters of most price texts, none of which NFKC changes but the no-break and thin
 * spaces (into spaces): printable ASCII, line breaks, £ ¥ €, Latin letters (less the six
 * that NFKC spells otherwise: Ĳ ĳ Ŀ ŀ ŉ ſ), Russian, Arabic letters (not digits), Chinese,
 * Korean, and the scan's <sup> mark. No combining mark: nothing composes with its neighbour.
 */
const COMMON_CHARS =
  /^[\n\x20-\x7E\u00A0\u00A3\u00A5\u00C0-\u0131\u0134-\u013E\u0141-\u0148\u014A-\u017E\u0400-\u045F\u0620-\u064A\u2007\u2009\u200A\u202F\u20AC\u4E00-\u9FFF\uAC00-\uD7A3\uE000]*$/;
const SPACE_LIKE = /[\u00A0\u2007\u2009\u200A\u202F]/g;

/** A price text with its digits, quotes, dashes and spaces in one spelling (cut at MAX_INPUT). */
export function normalizeText(input: string): string {
  const text = input.slice(0, MAX_INPUT);
  if (!COMMON_CHARS.test(text)) return normalizeInFull(text);
  // What the mappings in full do to these characters, the only spaces being " " and "\n".
  const spaced = text.replace(SPACE_LIKE, " ").replace(/`/g, "'");
  const lines = spaced.includes("\n") ? spaced.replace(/ *\n[ \n]*/g, "\n") : spaced;
  return euroAsComma(lines.replace(/ {2,}/g, " "));
}

/** Every mapping, for any text (normalizeText's shortcut gives the same for its texts). */
export function normalizeInFull(text: string): string {
  return euroAsComma(
    text
      .normalize("NFKC")
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/\u066B/g, ".")
      .replace(/\u066C/g, ",")
      .replace(/[\u2019\u02BC\u2032\u00B4`]/g, "'")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      // A line break ends an amount: digits on two lines are never one number.
      .replace(
        /[ \t\u00A0\u202F\u2009\u200A\u2007]*[\r\n][\s\u00A0\u202F\u2009\u200A\u2007]*/g,
        "\n",
      )
      .replace(/[ \t\f\v\u00A0\u202F\u2009\u200A\u2007]+/g, " "),
  );
}

/**
 * "35€99", "35€ 99": the euro sign written where the decimal comma goes — but not between two
 * complete amounts ("10,75 € 11,95 €", "10 € 25 €" and "10 €" over "25 €" are two prices).
 */
function euroAsComma(text: string): string {
  return text.includes("€")
    ? text.replace(/(?<![.,]\d*)(\d) ?€ ?(\d{2})(?![\d.,])(?! ?€)/g, "$1,$2 €")
    : text;
}

function tokens(text: string, pattern: RegExp): Token[] {
  const found: Token[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    found.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return found;
}

function currenciesOf(written: string): readonly string[] {
  const code = /^[A-Z]{3}$/.test(written) ? canonicalCurrency(written) : null;
  if (code) return [code];
  return CURRENCY_SYMBOLS[written] ?? [];
}

/** Read a number token as a decimal, deciding which separator (if any) is the decimal one. */
export function readNumber(
  raw: string,
  exponent: number | null,
  decimalSeparator: "." | "," | null = null,
): string | null {
  // A negative amount ("-5.00", a discount or a refund) is never a price.
  if (raw.startsWith("-")) return null;
  let s = raw.replace(/[.,:][-–]+$/, "").replace(/[\s']/g, "");
  if (s.startsWith(".") || s.startsWith(",")) {
    // "$.750.30": a stray leading separator before a number that has its own.
    s = /[.,]/.test(s.slice(1)) ? s.slice(1) : `0${s}`;
  }
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimal: "." | "," | null = null;
  if (decimalSeparator) {
    decimal = s.includes(decimalSeparator) ? decimalSeparator : null;
  } else if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastDot > lastComma ? "." : ",";
    if (s.split(decimal).length > 2) decimal = null;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const parts = s.split(sep);
    const after = parts[parts.length - 1] ?? "";
    const before = parts[0] ?? "";
    if (parts.length > 2) decimal = null;
    else if (after.length !== 3) decimal = sep;
    else decimal = exponent === 3 || /^0+$/.test(before) ? sep : null;
  }
  let cleaned: string;
  if (decimal) {
    const other = decimal === "." ? "," : ".";
    const index = s.lastIndexOf(decimal);
    cleaned = `${s.slice(0, index).split(other).join("").split(decimal).join("")}.${s.slice(index + 1)}`;
  } else {
    cleaned = s.replace(/[.,]/g, "");
  }
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return normalizeDecimal(cleaned);
}

/**
 * Parse one price string as found on a page. Takes the number next to the currency (not simply
 * the first number), reads every locale's separators, and flags ranges, "from", unit prices and
 * multi-buys. Returns null when the text holds no number. Never throws.
 */
export function parsePriceString(text: string, hints: PriceStringHints = {}): ParsedPrice | null {
  if (typeof text !== "string" || text.length === 0) return null;
  return parseNormalized(normalizeText(text), hints);
}

/**
 * Whether a currency token belongs to a number, `gap` being the text between them: at most two
 * spaces, and a colon only after a currency that comes first ("USD: 10.00"). A colon after the
 * number ends a label: "1-4: $10.00" (a quantity tier) and "Buy 2: $10.00" are not $4 and $2.
 */
function isNextTo(
  currency: Token,
  number: Token,
  gap: string,
  isAnySpace: boolean,
  numberStarts: ReadonlySet<number>,
): boolean {
  if (currency.end <= number.start) return (isAnySpace ? GAP_BEFORE : GAP_BEFORE_SPACES).test(gap);
  // "1-4 $10.00": a sign written against the number after it, a space away from the one before,
  // is the sign of the number after it (a quantity tier, "Size 10 $45"), not of both.
  if (gap !== "" && numberStarts.has(currency.end)) return false;
  return currency.start >= number.end && (isAnySpace ? GAP_AFTER : GAP_AFTER_SPACES).test(gap);
}
const GAP_BEFORE = /^[\s:]{0,2}$/;
const GAP_BEFORE_SPACES = /^[ :]{0,2}$/;
const GAP_AFTER = /^\s{0,2}$/;
const GAP_AFTER_SPACES = /^ {0,2}$/;

/**
 * A code written beside a sign several currencies share, naming one of them: after the amount
 * ("$899.00 USD", "$29.00 CAD", as stores show money with its currency) or right before or
 * after the sign ("USD $899.00", "349,95 kr. DKK"). A code the sign cannot mean ("$12 EUR")
 * names none.
 */
function codeBesideSign(
  normalized: string,
  currencyTokens: readonly Token[],
  sign: Token,
  number: Token,
  options: readonly string[],
): string | null {
  for (const c of currencyTokens) {
    if (c === sign || !/^[A-Z]{3}$/.test(c.text) || !options.includes(c.text)) continue;
    const isAfter = c.start >= number.end && /^ {0,2}$/.test(normalized.slice(number.end, c.start));
    const isBefore = c.end <= sign.start && /^ ?$/.test(normalized.slice(c.end, sign.start));
    const isAfterSign = c.start >= sign.end && /^ ?$/.test(normalized.slice(sign.end, c.start));
    if (isAfter || isBefore || isAfterSign) return c.text;
  }
  return null;
}

/** parsePriceString on a text already through normalizeText (findPrices' windows). */
function parseNormalized(normalized: string, hints: PriceStringHints): ParsedPrice | null {
  const numbers = tokens(normalized, NUMBER_PATTERN);
  if (numbers.length === 0) {
    if (!FREE_WORDS.test(normalized)) return null;
    return {
      amount: "0",
      currencyText: null,
      currencies: hints.currency ? [hints.currency] : [],
      isRange: false,
      isFrom: false,
      isPerUnit: false,
      isMultiBuy: false,
    };
  }
  const currencyTokens = tokens(normalized, CURRENCY_PATTERN);
  const numberStarts = new Set(numbers.map((n) => n.start));

  const adjacentCurrency = (n: Token): Token | null => {
    for (const c of currencyTokens) {
      const gap =
        c.end <= n.start ? normalized.slice(c.end, n.start) : normalized.slice(n.end, c.start);
      if (isNextTo(c, n, gap, true, numberStarts)) return c;
    }
    return null;
  };

  const withCurrency = numbers.filter((n) => adjacentCurrency(n) !== null);
  const pool = withCurrency.length > 0 ? withCurrency : numbers;
  const notMultiCount = pool.filter(
    (n) => !/^\s*(?:for|für|pour|por|x)\s/i.test(normalized.slice(n.end, n.end + 6)),
  );
  const choices = notMultiCount.length > 0 ? notMultiCount : pool;
  // "Was $20 Now $15": the number after "now" (a zero is never the price).
  const nowChoice = choices.find((n) => {
    const lead = normalized.slice(Math.max(0, n.start - 24), n.start);
    const withoutSymbol = lead.replace(/[^\s\d:]{1,4}\s?$/, "");
    return NOW_WORD.test(withoutSymbol) && /[1-9]/.test(n.text);
  });
  let chosen = nowChoice ?? choices[0];
  if (!chosen) return null;
  // "10 – 20 €": the currency sits after the high end; the low end is the number before it.
  let isLowEndOfRange = false;
  const index = numbers.indexOf(chosen);
  const previous = index > 0 ? numbers[index - 1] : undefined;
  if (
    previous &&
    /^\s*(?:-|to|bis|à|a|até|до)\s*$/iu.test(normalized.slice(previous.end, chosen.start))
  ) {
    chosen = previous;
    isLowEndOfRange = true;
  }

  const currencyToken =
    adjacentCurrency(chosen) ??
    (isLowEndOfRange ? adjacentCurrency(numbers[index] ?? chosen) : null) ??
    currencyTokens[0] ??
    null;
  const currencyText = currencyToken ? currencyToken.text : null;
  let currencies = currencyText ? currenciesOf(currencyText) : [];
  if (currencies.length > 1 && currencyToken) {
    const named = codeBesideSign(normalized, currencyTokens, currencyToken, chosen, currencies);
    if (named) currencies = [named];
  }
  if (hints.currency && (currencies.length === 0 || currencies.includes(hints.currency))) {
    currencies = [hints.currency];
  }
  const exponent =
    currencies.length > 0 && currencies.every((c) => currencyExponent(c) === 3)
      ? 3
      : currencies.length === 1 && currencies[0]
        ? currencyExponent(currencies[0])
        : null;
  const amount = readNumber(chosen.text, exponent, hints.decimalSeparator ?? null);
  if (amount === null) return null;

  const before = normalized.slice(Math.max(0, chosen.start - 30), chosen.start);
  const beforeNoCurrency =
    currencyToken && currencyToken.end <= chosen.start
      ? normalized.slice(Math.max(0, currencyToken.start - 30), currencyToken.start)
      : before;
  const after = normalized.slice(
    currencyToken && currencyToken.start >= chosen.end ? currencyToken.end : chosen.end,
    chosen.end + 40,
  );
  return {
    amount,
    currencyText,
    currencies,
    isRange: isLowEndOfRange || RANGE_AFTER.test(after),
    isFrom: FROM_WORDS.test(beforeNoCurrency),
    isPerUnit: PER_UNIT.test(after),
    isMultiBuy: MULTI_BUY.test(beforeNoCurrency),
  };
}

/** A price found in a longer text, with where its number starts. */
export type FoundPrice = ParsedPrice & { index: number };

/**
 * Every price in a text, each read on its own: "10,75 € 11,95 €" is two prices, never one
 * number. A number counts when a currency sign, word or code is next to it; the high end of a
 * range ("10–20 €") is reported with the low end, not again.
 */
export function findPrices(text: string, hints: PriceStringHints = {}): FoundPrice[] {
  if (typeof text !== "string" || text.length === 0) return [];
  const normalized = normalizeText(text);
  const numbers = tokens(normalized, NUMBER_PATTERN);
  if (numbers.length === 0) return [];
  const currencyTokens = tokens(normalized, CURRENCY_PATTERN);
  if (currencyTokens.length === 0) return [];
  const numberStarts = new Set(numbers.map((n) => n.start));
  const currencyEnds = new Set(currencyTokens.map((c) => c.end));
  // "$qty_dummy1$", "PS5 £54.48", "B08FC1R8": a number written against a letter that is not a
  // currency's own ("EUR10", "kr10") is part of a name or a code, never an amount.
  const isInWord = (n: Token) =>
    n.start > 0 && WORD_CHAR.test(normalized[n.start - 1] ?? "") && !currencyEnds.has(n.start);
  const isAdjacent = (n: Token) =>
    currencyTokens.some((c) => {
      // "399,-": the dash for the cents, the number's own end, marks it as an amount.
      if (c.start > n.start && c.end === n.end) return true;
      const gap =
        c.end <= n.start ? normalized.slice(c.end, n.start) : normalized.slice(n.end, c.start);
      // Spaces only: findPrices reads windows of longer texts, where a line break ends a price.
      return isNextTo(c, n, gap, false, numberStarts);
    });
  // "10 - 20 €", and "$12.99 - $19.99" or "12,99 € - 19,99 €" (each end with its sign, rising):
  // two ends of one range.
  const isRangeBetween = (low: Token, high: Token): boolean => {
    const gap = normalized.slice(low.end, high.start);
    if (RANGE_GAP.test(gap)) return true;
    if (!RANGE_GAP_SIGNED.test(gap)) return false;
    const a = Number(readNumber(normalized.slice(low.start, low.end), null) ?? 0);
    const b = Number(readNumber(normalized.slice(high.start, high.end), null) ?? 0);
    return a > 0 && b > a;
  };
  const out: FoundPrice[] = [];
  for (let i = 0; i < numbers.length && out.length < 8; i++) {
    const n = numbers[i] as Token;
    const from = i > 0 ? (numbers[i - 1] as Token).end : 0;
    const to = i + 1 < numbers.length ? (numbers[i + 1] as Token).start : normalized.length;
    const window = normalized.slice(from, to);
    if (i > 0 && isRangeBetween(numbers[i - 1] as Token, n)) continue;
    // The low end of a range reads its currency from the high end.
    const next = numbers[i + 1];
    const isRangeStart = next !== undefined && isRangeBetween(n, next);
    if (isInWord(n) || (!isAdjacent(n) && !(isRangeStart && isAdjacent(next)))) continue;
    const parsed = parseNormalized(
      isRangeStart ? normalized.slice(from, next.end + 6) : window,
      hints,
    );
    if (!parsed) continue;
    // "4,14 € / 100 ml": the window ends at the next number, the quantity of a unit price.
    const isPerUnit = parsed.isPerUnit || PER_UNIT.test(normalized.slice(n.end, n.end + 24));
    out.push({ ...parsed, isPerUnit, index: n.start });
  }
  return out;
}
