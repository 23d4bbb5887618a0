import { z } from "zod";
import { COUNTRY_CURRENCY } from "../money/currencies.ts";

/**
 * A person's own country (ISO 3166 alpha-2), the last tie-break when a page's currency symbol
 * says nothing more (`$` on a page in Spanish: MXN for someone in Mexico). Null: take it from
 * the browser's language (Accept-Language on the server, the browser's locale in the extension).
 * Only countries whose currency extraction knows are offered.
 */
export const COUNTRIES: readonly string[] = Object.keys(COUNTRY_CURRENCY)
  .filter((code) => code !== "UK")
  .sort();

/** The /user form and PUT /api/v1/country: a country code, or null for "from my browser". */
export const CountryInput = z.object({
  // A form's empty choice ("from my browser") is null.
  country: z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => COUNTRIES.includes(code), { message: "Choose a country from the list." })
      .nullable(),
  ),
});
export type CountryInput = z.infer<typeof CountryInput>;

/** The region of the first language tag that names one: "es-MX,es;q=0.9" → "MX". */
export function countryFromLanguages(header: string | null | undefined): string | null {
  for (const part of (header ?? "").slice(0, 500).split(",")) {
    const tag = part.split(";")[0]?.trim() ?? "";
    const region = /^[a-z]{2,3}[-_]([a-z]{2})$/i.exec(tag)?.[1]?.toUpperCase();
    if (region && COUNTRIES.includes(region)) return region;
  }
  return null;
}
