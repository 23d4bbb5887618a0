import { COUNTRY_CURRENCY, regionOfLanguageTag } from "../money/currencies.ts";

/**
 * The countries a person may choose as their own (ISO 3166 alpha-2): those whose currency
 * extraction knows. No schema here: the extension reads the browser's languages with it
 * (core/accounts/country-input.ts holds the form's schema).
 */
export const COUNTRIES: readonly string[] = Object.keys(COUNTRY_CURRENCY)
  .filter((code) => code !== "UK")
  .sort();

/** The region of the first language tag that names one: "es-MX,es;q=0.9" → "MX". */
export function countryFromLanguages(header: string | null | undefined): string | null {
  for (const part of (header ?? "").slice(0, 500).split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    const region = regionOfLanguageTag(tag);
    if (region && COUNTRIES.includes(region)) return region;
  }
  return null;
}
