/**
 * Currency facts: ISO 4217 exponents and the symbols shoppers see.
 * Pure data, browser-safe.
 */

const ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
const THREE_DECIMAL = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/** ISO 4217 codes recognised when written in a price string (as `EUR`, `usd`). */
// A pure call (the annotation): a bundle that never reads the list (the browser's money
// formatting) leaves it out.
export const ISO_CODES: ReadonlySet<string> = /* @__PURE__ */ (() =>
  new Set([
    "AED",
    "ARS",
    "AUD",
    "BAM",
    "BDT",
    "BGN",
    "BHD",
    "BRL",
    "BYN",
    "CAD",
    "CHF",
    "CLP",
    "CNY",
    "COP",
    "CZK",
    "DKK",
    "EGP",
    "EUR",
    "GBP",
    "GEL",
    "HKD",
    "HRK",
    "HUF",
    "IDR",
    "ILS",
    "INR",
    "IQD",
    "ISK",
    "JOD",
    "JPY",
    "KES",
    "KRW",
    "KWD",
    "KZT",
    "LKR",
    "LYD",
    "MAD",
    "MXN",
    "MYR",
    "NGN",
    "NOK",
    "NZD",
    "OMR",
    "PEN",
    "PHP",
    "PKR",
    "PLN",
    "QAR",
    "RON",
    "RSD",
    "RUB",
    "SAR",
    "IRR",
    "YER",
    "SEK",
    "SGD",
    "THB",
    "TND",
    "TRY",
    "TWD",
    "UAH",
    "USD",
    "UYU",
    "VND",
    "XAF",
    "XOF",
    "ZAR",
    "AZN",
    "GHS",
    "KGS",
    "MKD",
    "MRU",
    "MZN",
    "SDG",
    "STN",
    "UZS",
    "VES",
    "ZMW",
    ...ZERO_DECIMAL,
    ...THREE_DECIMAL,
  ]))();

/** Number of minor-unit digits of an ISO 4217 currency (JPY 0, KWD 3, most 2). */
export function currencyExponent(code: string): number {
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && ISO_CODES.has(code);
}

/**
 * Withdrawn ISO 4217 codes that pages still write for today's money → the code that replaced
 * them (RUR → RUB, BYR → BYN, …). The amount is taken as written: a page that says "RUR" shows
 * today's roubles, not pre-1998 ones.
 */
export const REPLACED_CODES: Readonly<Record<string, string>> = {
  RUR: "RUB",
  BYR: "BYN",
  BYB: "BYN",
  TRL: "TRY",
  ROL: "RON",
  VEF: "VES",
  VEB: "VES",
  ZMK: "ZMW",
  GHC: "GHS",
  MZM: "MZN",
  AZM: "AZN",
  SDD: "SDG",
  CSD: "RSD",
  YUM: "RSD",
  MRO: "MRU",
  STD: "STN",
  MXP: "MXN",
};

/** An ISO code as a page states it → today's ISO code, or null when it is not one. */
export function canonicalCurrency(code: string): string | null {
  const upper = code.trim().toUpperCase();
  const current = REPLACED_CODES[upper] ?? upper;
  return isIsoCurrency(current) ? current : null;
}

/**
 * Symbols (and written forms) → the ISO codes they can mean. One code: unambiguous.
 * Several: the first is the default only when nothing else on the page decides.
 * Longest forms come first when matching (see SYMBOLS_BY_LENGTH).
 */
export const CURRENCY_SYMBOLS: Record<string, readonly string[]> = {
  US$: ["USD"],
  "US $": ["USD"],
  "AU $": ["AUD"],
  "C $": ["CAD"],
  "CA $": ["CAD"],
  U$S: ["USD"],
  USD$: ["USD"],
  CA$: ["CAD"],
  C$: ["CAD"],
  A$: ["AUD"],
  AU$: ["AUD"],
  NZ$: ["NZD"],
  HK$: ["HKD"],
  S$: ["SGD"],
  NT$: ["TWD"],
  MX$: ["MXN"],
  R$: ["BRL"],
  KSh: ["KES"],
  $: ["USD", "CAD", "AUD", "NZD", "MXN", "SGD", "HKD", "ARS", "CLP", "COP", "TWD", "UYU"],
  // Whole units written with a dash for the cents, the currency left to the page: "399,-"
  // (Denmark, Norway, Sweden, Czechia, Germany …), "39.–" (Switzerland), "799:-" (Sweden).
  ",-": ["DKK", "NOK", "SEK", "CZK", "EUR", "PLN", "HUF", "CHF"],
  ",–": ["DKK", "NOK", "SEK", "CZK", "EUR", "PLN", "HUF", "CHF"],
  ".–": ["CHF"],
  ".-": ["CHF"],
  // "799:-": Swedish whole kronor.
  ":-": ["SEK"],
  ":–": ["SEK"],
  "€": ["EUR"],
  "£": ["GBP"],
  "¥": ["JPY", "CNY"],
  円: ["JPY"],
  元: ["CNY", "TWD", "HKD"],
  圓: ["TWD", "HKD"],
  "₩": ["KRW"],
  원: ["KRW"],
  "₹": ["INR"],
  "Rs.": ["INR", "PKR", "LKR"],
  Rs: ["INR", "PKR", "LKR"],
  "₨": ["INR", "PKR", "LKR"],
  kr: ["SEK", "NOK", "DKK", "ISK"],
  "kr.": ["DKK", "SEK", "NOK", "ISK"],
  Kč: ["CZK"],
  zł: ["PLN"],
  Ft: ["HUF"],
  lei: ["RON"],
  лв: ["BGN"],
  "лв.": ["BGN"],
  "₽": ["RUB"],
  рублей: ["RUB"],
  Р: ["RUB"],
  "₴": ["UAH"],
  грн: ["UAH"],
  "грн.": ["UAH"],
  "₺": ["TRY"],
  TL: ["TRY"],
  "₪": ["ILS"],
  "฿": ["THB"],
  "₫": ["VND"],
  "₱": ["PHP"],
  "₦": ["NGN"],
  "৳": ["BDT"],
  "₸": ["KZT"],
  тг: ["KZT"],
  "тг.": ["KZT"],
  тенге: ["KZT"],
  Kn: ["HRK"],
  kn: ["HRK"],
  "р.": ["RUB", "BYN"],
  руб: ["RUB", "BYN"],
  "руб.": ["RUB", "BYN"],
  zl: ["PLN"],
  Kc: ["CZK"],
  Lei: ["RON"],
  LEI: ["RON"],
  din: ["RSD"],
  "дин.": ["RSD"],
  ден: ["MKD"],
  "₼": ["AZN"],
  đ: ["VND"],
  "S/": ["PEN"],
  "₾": ["GEL"],
  "₶": ["EUR"],
  R: ["ZAR"],
  CHF: ["CHF"],
  "Fr.": ["CHF"],
  SFr: ["CHF"],
  KM: ["BAM"],
  KD: ["KWD"],
  BD: ["BHD"],
  CFA: ["XOF", "XAF"],
  RM: ["MYR"],
  Rp: ["IDR"],
  درهم: ["AED", "MAD"],
  "د.إ": ["AED"],
  "ر.س": ["SAR"],
  "د.ك": ["KWD"],
  "ج.م": ["EGP"],
  "ر.ق": ["QAR"],
  // The rial sign: Saudi stores write it for the riyal, as do Iran's, Oman's, Yemen's and Qatar's
  // for theirs (the page's country decides); the Saudi riyal's own sign of 2025.
  "\uFDFC": ["SAR", "IRR", "OMR", "YER", "QAR"],
  // The word "rial" (Persian and Arabic spelling); the sign reads as the first once normalised.
  "\u0631\u06CC\u0627\u0644": ["SAR", "IRR", "OMR", "YER", "QAR"],
  "\u0631\u064A\u0627\u0644": ["SAR", "IRR", "OMR", "YER", "QAR"],
  "\u20C1": ["SAR"],
  ƒ: ["AWG"],
};

// Pure (the annotation): a bundle that does not read symbols (the browser's money formatting)
// leaves the whole table out.
export const SYMBOLS_BY_LENGTH: readonly string[] = /* @__PURE__ */ Object.keys(
  CURRENCY_SYMBOLS,
).sort((a, b) => b.length - a.length);

/** Currency of a country (ccTLD or locale region), for deciding ambiguous symbols. */
export const COUNTRY_CURRENCY: Record<string, string> = {
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  MX: "MXN",
  SG: "SGD",
  HK: "HKD",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  BR: "BRL",
  GB: "GBP",
  UK: "GBP",
  IE: "EUR",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  AT: "EUR",
  PT: "EUR",
  FI: "EUR",
  GR: "EUR",
  SK: "EUR",
  SI: "EUR",
  LU: "EUR",
  EE: "EUR",
  LV: "EUR",
  LT: "EUR",
  HR: "EUR",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  BG: "BGN",
  JP: "JPY",
  CN: "CNY",
  KR: "KRW",
  IN: "INR",
  PK: "PKR",
  LK: "LKR",
  ZA: "ZAR",
  TR: "TRY",
  IL: "ILS",
  AE: "AED",
  SA: "SAR",
  EG: "EGP",
  RU: "RUB",
  UA: "UAH",
  TH: "THB",
  VN: "VND",
  PH: "PHP",
  MY: "MYR",
  ID: "IDR",
  TW: "TWD",
  KW: "KWD",
  BH: "BHD",
  JO: "JOD",
  OM: "OMR",
  IR: "IRR",
  YE: "YER",
  TN: "TND",
  QA: "QAR",
  KZ: "KZT",
  BY: "BYN",
  RS: "RSD",
  MK: "MKD",
  BA: "BAM",
  AZ: "AZN",
  KG: "KGS",
  UZ: "UZS",
  MA: "MAD",
  NG: "NGN",
  KE: "KES",
  PE: "PEN",
  UY: "UYU",
  BD: "BDT",
};

let circulating: Set<string> | null = null;

/**
 * Whether `code` is a current ISO 4217 currency: any code the runtime's Intl knows (about 160
 * in circulation), or one extraction recognises. Wider than `isIsoCurrency`, which only lists
 * the codes recognised when written on a page; used to validate people's input.
 */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (ISO_CODES.has(code)) return true;
  circulating ??= new Set(
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : [],
  );
  return circulating.has(code);
}

/**
 * The region of a BCP 47 language tag, upper case, or null: "en-US" → "US", "zh-Hant-TW" → "TW"
 * (a script subtag between), "es_MX" → "MX"; "de", "es-419" (a UN region) → null.
 */
export function regionOfLanguageTag(tag: string | null | undefined): string | null {
  return (
    /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2})(?:$|[-_])/i
      .exec(tag?.trim() ?? "")?.[1]
      ?.toUpperCase() ?? null
  );
}
