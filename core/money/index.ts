export {
  COUNTRY_CURRENCY,
  CURRENCY_SYMBOLS,
  currencyExponent,
  isCurrencyCode,
  isIsoCurrency,
} from "./currencies.ts";
export {
  decimalToMinor,
  divisorToMinor,
  minorToDecimal,
  normalizeDecimal,
} from "./decimal-to-minor.ts";
export { formatMoney } from "./format-money.ts";
export { CurrencyCode, Money, NonNegativeMoney, PositiveMoney } from "./money.ts";
export { type ParsedPrice, type PriceStringHints, parsePriceString } from "./parse-price-string.ts";
