import { z } from "zod";
import { Money } from "../money/money.ts";
import { UnitPrice } from "../money/unit-price.ts";
import { PriceRecipe } from "./recipe-schema.ts";

export const CandidateSource = z.enum([
  "json_ld",
  "microdata",
  "rdfa",
  "meta",
  "app_state",
  "store_rule",
  "visible_text",
  /** The spot a person picked on the page (core/extract/recipe.ts). */
  "recipe",
]);
export type CandidateSource = z.infer<typeof CandidateSource>;

export const Availability = z.enum(["in_stock", "out_of_stock", "preorder", "unknown"]);
export type Availability = z.infer<typeof Availability>;

/** What a found amount is: the price to pay, a "was"/list price, or a per-unit price. */
/**
 * What an amount is: the price, an old (list) price, a price per unit, or the EU's lowest price
 * of the last 30 days before a reduction (`reference_30d`, never the price).
 */
export const CandidateRole = z.enum(["price", "list_price", "unit_price", "reference_30d"]);
export type CandidateRole = z.infer<typeof CandidateRole>;

/**
 * How the candidate's currency was decided: its own code or symbol, the page's structured data,
 * the store rule, the domain's country, the page language's region; then (currency-evidence.ts)
 * a code the page states elsewhere, the country its locale or address names, the page's other
 * prices, the likeliest reading (`$` on a generic English domain), the person's own country.
 */
export const CurrencyBasis = z.enum([
  "explicit",
  "symbol",
  "page",
  "store",
  "domain",
  "locale",
  "stated",
  "address",
  "other_prices",
  "likely",
  "person",
]);
export type CurrencyBasis = z.infer<typeof CurrencyBasis>;

export const PriceCandidate = z.object({
  /** Stable across fetches of the same page layout: `source:path`. */
  key: z.string(),
  source: CandidateSource,
  /** Where it came from: a JSON path or an element path. */
  path: z.string(),
  price: Money,
  role: CandidateRole,
  confidence: z.number().min(0).max(1),
  currencyBasis: CurrencyBasis,
  isRange: z.boolean(),
  isFrom: z.boolean(),
  isVariantMatch: z.boolean(),
  /**
   * Shown as the price of an option not chosen (an `<option>`, an unchecked radio's label, a size
   * button `aria-checked="false"`): another variant's price. Absent when not.
   */
  isOtherOption: z.boolean().optional(),
  /** Shown as an auction's bid ("Current bid: US $12.50 [5 bids]"): no price to buy at. Absent when not. */
  isBid: z.boolean().optional(),
  /**
   * The price by card or in instalments beside a lower one paid at once ("R$ 1.299,90 em até
   * 10x" beside "R$ 1.169,91 no Pix"): a price of this product, not one before a sale. Absent
   * when not.
   */
  isCardPrice: z.boolean().optional(),
  /** Named a price before tax ("(税抜 ¥11,636)", "£69.99 ex. VAT"). Absent when not. */
  isBeforeTax: z.boolean().optional(),
  /** Shown among other products (a carousel, reviews, a heading naming others). Absent when not. */
  isElsewhere: z.boolean().optional(),
  /** Structured data's price of an offer it says is discontinued. Absent when not. */
  isDiscontinued: z.boolean().optional(),
  /** A member's price, named by the words right after it ("$40.46 Members price"). Absent when not. */
  isMember: z.boolean().optional(),
  /** Structured data stating its price includes tax (`valueAddedTaxIncluded`). Absent when not. */
  isWithTax: z.boolean().optional(),
  /** The text or value it was read from (trimmed). */
  raw: z.string(),
});
export type PriceCandidate = z.infer<typeof PriceCandidate>;

/** One variant (size, colour …) the page offers, to track by its id rather than its price. */
export const ProductVariant = z.object({
  /** The variant's SKU or id as the page states it: what a watch of this variant keeps. */
  id: z.string(),
  name: z.string().nullable(),
  price: Money.nullable(),
  availability: Availability,
  /** The variant the page (its URL, or the caller's variantId) is showing. */
  isSelected: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/**
 * Delivery as the page states it, in the price's currency (issue #37 item 6, decision 0079):
 * what it costs (0: free; null: not stated, only a threshold) and the order value from which it
 * is free, when the page names one.
 */
export const ShippingStated = z.object({
  costMinor: z.number().int().min(0).refine(Number.isSafeInteger).nullable(),
  freeAboveMinor: z.number().int().min(1).refine(Number.isSafeInteger).optional(),
  currency: z.string().length(3),
});
export type ShippingStated = z.infer<typeof ShippingStated>;

export const ExtractStatus = z.enum(["ok", "ambiguous", "no_price", "not_product"]);
export type ExtractStatus = z.infer<typeof ExtractStatus>;

export const ExtractResult = z.object({
  status: ExtractStatus,
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: Money.nullable(),
  /** The candidate chosen as `price`, when one was. */
  priceKey: z.string().nullable(),
  /** `price` is the low end of a range, or a "from" price. */
  isPriceRange: z.boolean(),
  listPrice: Money.nullable(),
  /**
   * The EU's "lowest price in the last 30 days" (before a reduction) the page states, in the
   * price's currency: a reference of its own, never taken for the price. Null when none is shown;
   * absent in results made elsewhere (a browser's reading).
   */
  referenceLowest30d: Money.nullable().optional(),
  /** Shipping the page states beside the price (structured data first); absent when none. */
  shipping: ShippingStated.optional(),
  /** The price per kg, l, m, m² or piece the page states (structured data first); absent when none. */
  unitPrice: UnitPrice.optional(),
  availability: Availability,
  brand: z.string().nullable(),
  sku: z.string().nullable(),
  gtin: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  store: z.string().nullable(),
  /** The store rule or platform that read the page, if any ("Amazon", "Shopify"). */
  rule: z.string().nullable(),
  candidates: z.array(PriceCandidate),
  /** Why the status is what it is, for people (e.g. which prices disagree). */
  notes: z.array(z.string()),
  /**
   * With a price recipe: whether the picked spot was found ("matched") or not
   * ("stopped_matching": the price is then null, never another price of the page).
   */
  recipeStatus: z.enum(["matched", "stopped_matching"]).optional(),
  /** Present when the page offers two or more variants with their own ids (#12 item 5). */
  variants: z.array(ProductVariant).optional(),
});
export type ExtractResult = z.infer<typeof ExtractResult>;

export const ExtractOptions = z.object({
  /**
   * The person's own country (ISO 3166 alpha-2: their setting, or the browser's locale), to read
   * a currency symbol that nothing on the page decides (`$` on a page in Spanish): the last tie-break.
   */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  /** A candidate key the user chose earlier for this URL; used when present on the page. */
  preferredCandidateKey: z.string().optional(),
  /** Where a person pointed at the price (their own, or their store's): see recipe.ts. */
  recipe: PriceRecipe.optional(),
  /**
   * The recipe is offered, not imposed (a store's, learnt from another page of it): where it
   * stops matching, the page is read as if there were none. A person's own recipe is imposed.
   */
  isRecipeOffered: z.boolean().optional(),
  /** The variant to read (its SKU or id from `variants`), over one the URL names. */
  variantId: z
    .string()
    .regex(/^[\w.:/-]{1,100}$/)
    .optional(),
});
export type ExtractOptions = z.infer<typeof ExtractOptions>;

/** A candidate before currency resolution: what a reader found. */
export type RawCandidate = {
  source: CandidateSource;
  path: string;
  /** Decimal amount string ("12.99"), or integer minor units when `isMinor`. */
  amount: string;
  isMinor?: boolean;
  /** ISO code when the source states it. */
  currency: string | null;
  /** ISO codes a written symbol may mean, when `currency` is null. */
  currencyOptions?: readonly string[];
  role: CandidateRole;
  confidence: number;
  isRange?: boolean;
  isFrom?: boolean;
  isVariantMatch?: boolean;
  isOtherOption?: boolean;
  isBid?: boolean;
  isCardPrice?: boolean;
  isBeforeTax?: boolean;
  isElsewhere?: boolean;
  isDiscontinued?: boolean;
  isMember?: boolean;
  isWithTax?: boolean;
  raw: string;
};

/** Product facts besides the price, as found by one reader. */
export type Facts = {
  title?: string | null;
  imageUrl?: string | null;
  brand?: string | null;
  sku?: string | null;
  gtin?: string | null;
  availability?: Availability | null;
  isProduct?: boolean;
  /** The page lists several products (a JSON-LD ItemList of them, no product of its own). */
  isListing?: boolean;
  currency?: string | null;
  variants?: RawVariant[];
};

/** A variant as a reader found it, before its price is resolved. */
export type RawVariant = {
  id: string;
  name: string | null;
  amount: string | null;
  currency: string | null;
  availability: Availability | null;
};
