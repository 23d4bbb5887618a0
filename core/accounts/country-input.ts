import { z } from "zod";
import { COUNTRIES } from "./country-from-languages.ts";

export { COUNTRIES, countryFromLanguages } from "./country-from-languages.ts";

/**
 * A person's own country (ISO 3166 alpha-2), the last tie-break when a page's currency symbol
 * says nothing more (`$` on a page in Spanish: MXN for someone in Mexico). Null: take it from
 * the browser's language (Accept-Language on the server, the browser's locale in the extension).
 * Only countries whose currency extraction knows are offered. The /user form and
 * PUT /api/v1/country: a country code, or null for "from my browser".
 */
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
