import { COUNTRY_CURRENCY, regionOfLanguageTag } from "../money/currencies.ts";
import type { PageScan } from "./scan/index.ts";

export type PageContext = {
  url: URL | null;
  host: string;
  /**
   * `?variant=` (Shopify and others) or `variant_id`/`variantId`, else the variant id of the
   * page's add-to-cart form.
   */
  variantId: string | null;
  /** Currency of the domain's country code (amazon.de → EUR), when it has one. */
  domainCurrency: string | null;
  /** Currency of the page language's region (`<html lang="en-CA">` → CAD). */
  localeCurrency: string | null;
  scan: PageScan;
};

const GENERIC_TLDS = new Set([
  "co",
  "io",
  "ai",
  "me",
  "tv",
  "cc",
  "ly",
  "fm",
  "to",
  "gg",
  "app",
  "shop",
  "store",
]);

export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function countryOfHost(host: string): string | null {
  const last = host.split(".").pop() ?? "";
  if (last === "eu") return "DE";
  if (last.length !== 2 || GENERIC_TLDS.has(last)) return null;
  return last.toUpperCase();
}

export function makePageContext(
  scan: PageScan,
  url: string,
  chosenVariantId: string | null = null,
): PageContext {
  if (chosenVariantId)
    return { ...makePageContext(scan, url), variantId: chosenVariantId.slice(0, 100) };
  const parsed = parseUrl(url);
  const host = parsed ? parsed.hostname.toLowerCase().replace(/^www\./, "") : "";
  // The address names the variant, else the add-to-cart form does (the one its buy box shows).
  const variantId =
    (parsed
      ? (parsed.searchParams.get("variant") ??
        parsed.searchParams.get("variant_id") ??
        parsed.searchParams.get("variantId"))
      : null) ?? scan.cartVariantId;
  const country = countryOfHost(host);
  const region = regionOfLanguageTag(scan.lang);
  return {
    url: parsed,
    host,
    variantId: variantId && /^[\w-]{1,64}$/.test(variantId) ? variantId : null,
    domainCurrency: country ? (COUNTRY_CURRENCY[country] ?? null) : null,
    localeCurrency: region ? (COUNTRY_CURRENCY[region] ?? null) : null,
    scan,
  };
}
