import { COUNTRY_CURRENCY, regionOfLanguageTag } from "../money/currencies.ts";
import type { FoundPrice } from "../money/parse-price-string.ts";
import { countryOfHost } from "./page-context.ts";
import type { PageScan } from "./scan/types.ts";

/**
 * What a page says about its currency beyond each price's own text, for reading a symbol that
 * several currencies share (`$`, `kr`, `¥`) or a bare number, as a person would read it.
 * Weighed in `resolveCurrency` (extract-product.ts) after the price's own code or symbol, the
 * page's structured data, the store rule, the domain's country and the page language's region:
 *
 * 0. `sentence`: a currency a shown sentence states the page's prices are in ("All prices are
 *    in AUD", "Prices shown in CAD"): the page's own words, read before the domain's country.
 * 1. `stated`: ISO codes the page states as its currency outside its prices (scripts, data
 *    layer, a selected currency option, `data-currency`).
 * 2. `regional`: the country the page is for (`og:locale`, the `hreflang` of this very address,
 *    the address's own country: `/en-us/`, `ca.` subdomains, `?country=CA`).
 * 3. `otherPrices`: the currencies the page's other prices state ("US$ 12", "CAD 15").
 * 3b. `language`: the currency of the one country the page's language is chiefly spoken in
 *    (`ja` Japan, `da` Denmark …), for a sign that currency shares ("¥", "kr"); never a bare
 *    number's.
 * 4. `isGenericEnglish`: a generic domain (.com, .shop …) in English, with nothing naming
 *    another country: `$` there is read as US dollars.
 * 5. `personal`: the person's own country (their setting, or the browser's), last.
 *
 * At each step, evidence that names two currencies the symbol may mean (CAD and USD both
 * stated) decides nothing: the price stays unresolved rather than guessed.
 */
export type CurrencyEvidence = {
  /** 0. The currency a shown sentence states the prices are in ("All prices are in AUD"). */
  sentence: ReadonlySet<string>;
  stated: ReadonlySet<string>;
  regional: ReadonlyMap<string, string>;
  otherPrices: ReadonlySet<string>;
  language: string | null;
  isGenericEnglish: boolean;
  personal: string | null;
};

/** A path segment or subdomain naming a country: `us`, `en-us`, `en_CA`, `fr-ca`. */
const LOCALE_SEGMENT = /^(?:[a-z]{2}[-_])?([a-z]{2})$/i;
const COUNTRY_PARAMS = ["country", "countryCode", "country_code", "region", "locale", "lang"];
/** Two-letter words that are no country in an address (`/my/account`, `/in/stock`). */
const NOT_COUNTRY = new Set(["my", "in", "to", "be", "do", "go", "on", "is", "it", "id"]);

const regionOf = regionOfLanguageTag;

/**
 * Languages spoken chiefly in one country whose currency shares its sign with others (the yen's
 * "¥" with the yuan's, the kronor's "kr"): the page's language names that country.
 */
const LANGUAGE_COUNTRY: Readonly<Record<string, string>> = {
  ja: "JP",
  da: "DK",
  sv: "SE",
  nb: "NO",
  nn: "NO",
  no: "NO",
  is: "IS",
};

/** The country an address names: a locale path segment, a locale subdomain, a query parameter. */
export function countryOfAddress(url: URL | null): { country: string; where: string } | null {
  if (!url) return null;
  for (const name of COUNTRY_PARAMS) {
    const value = url.searchParams.get(name);
    const isCountry = name.startsWith("country") || name === "region";
    const country = value ? (regionOf(value) ?? (isCountry ? value : null)) : null;
    if (country && /^[a-z]{2}$/i.test(country))
      return { country: country.toUpperCase(), where: `?${name}=${value}` };
  }
  const first = url.pathname.split("/").filter(Boolean)[0] ?? "";
  const segment = LOCALE_SEGMENT.exec(first);
  const fromPath = segment?.[1];
  if (fromPath && (first.length > 2 || !NOT_COUNTRY.has(first.toLowerCase())))
    return { country: fromPath.toUpperCase(), where: `/${first}/` };
  const labels = url.hostname.toLowerCase().split(".");
  const sub = labels.length > 2 ? labels[0] : undefined;
  const fromHost = sub ? LOCALE_SEGMENT.exec(sub)?.[1] : undefined;
  if (sub && fromHost && sub !== "www" && (sub.length > 2 || !NOT_COUNTRY.has(sub)))
    return { country: fromHost.toUpperCase(), where: `${sub}.` };
  return null;
}

function samePage(href: string, url: URL): boolean {
  try {
    const other = new URL(href, url);
    return other.hostname === url.hostname && other.pathname === url.pathname;
  } catch {
    return false;
  }
}

export function currencyEvidence(
  scan: PageScan,
  url: URL | null,
  otherPrices: ReadonlySet<string>,
  personalCountry: string | null,
): CurrencyEvidence {
  const regional = new Map<string, string>();
  const addRegion = (country: string | null, where: string) => {
    const currency = country ? COUNTRY_CURRENCY[country] : undefined;
    if (currency && !regional.has(currency)) regional.set(currency, where);
  };
  const ogLocale = scan.metas.get("og:locale")?.[0] ?? null;
  addRegion(regionOf(scan.lang), `the page's language ${scan.lang}`);
  addRegion(regionOf(ogLocale), `og:locale ${ogLocale}`);
  if (url) {
    const own = scan.hreflangs.find((h) => h.lang !== "x-default" && samePage(h.href, url));
    if (own) addRegion(regionOf(own.lang), `hreflang ${own.lang} of this address`);
  }
  const address = countryOfAddress(url);
  if (address) addRegion(address.country, `the address (${address.where})`);
  const host = url ? url.hostname.toLowerCase() : "";
  const language = (scan.lang ?? ogLocale ?? "").trim().toLowerCase();
  const isGenericEnglish =
    host !== "" &&
    countryOfHost(host) === null &&
    (language === "" || /^en\b/.test(language)) &&
    ![...regional.keys()].some((c) => c !== "USD");
  const spoken = LANGUAGE_COUNTRY[language.split(/[-_]/)[0] ?? ""];
  const personal = personalCountry ? (COUNTRY_CURRENCY[personalCountry] ?? null) : null;
  return {
    sentence: scan.sentenceCurrencies,
    stated: new Set(scan.statedCurrencies.keys()),
    regional,
    otherPrices,
    language: spoken ? (COUNTRY_CURRENCY[spoken] ?? null) : null,
    isGenericEnglish,
    personal,
  };
}

/** Signs that are common letters too (a rim size "R17", an item number "#RM22565"), with the one
 * country whose pages write them as money. */
const LETTER_SIGN_COUNTRY: Readonly<Record<string, string>> = { R: "ZA", RM: "MY" };

/**
 * A price read by a sign that is a common letter ("R 35": the rand's R, or a tyre's rim size, a
 * model's name) on a page not of the sign's country (its domain, its language's region, its
 * og:locale): no amount a person reads as money there.
 */
export function isLetterSignElsewhere(
  price: FoundPrice,
  scan: PageScan,
  pageUrl?: string,
): boolean {
  const country = price.currencyText ? LETTER_SIGN_COUNTRY[price.currencyText] : undefined;
  if (country === undefined) return false;
  let host = "";
  try {
    host = pageUrl ? new URL(pageUrl).hostname.toLowerCase() : "";
  } catch {
    host = "";
  }
  const ogLocale = scan.metas.get("og:locale")?.[0] ?? null;
  return (
    countryOfHost(host) !== country &&
    regionOf(scan.lang) !== country &&
    regionOf(ogLocale) !== country
  );
}
