import { storedText } from "../input.ts";
import { normalizeProductUrl, withDefaultScheme } from "../url/normalize-url.ts";

/**
 * A product link as input (hub forms and /api/v1): trimmed, a missing scheme taken as
 * https://, and only http(s) links to a host accepted.
 */
export const ProductUrl = storedText({ label: "The link" })
  .trim()
  .min(1, "Paste a product link.")
  .max(4_000, "That link is too long.")
  .transform(withDefaultScheme)
  .refine(
    (value) => normalizeProductUrl(value) !== null,
    "Paste a link to a product page, such as https://www.store.com/p/1.",
  );
