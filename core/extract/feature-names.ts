/**
 * General features of a visible price candidate, the same for every store and language:
 * where it sits (near the title, near the buy control, in the main content or in navigation,
 * footers, carousels), how it is shown (emphasis, struck through), what the words around it
 * say (was/RRP, shipping, instalments, per unit, from, save, before tax), and how it relates to
 * the other candidates (repeated, orders of magnitude away, equal to a structured price).
 */
export const FEATURES = [
  "bias",
  "nearTitleAfter",
  "nearTitleBefore",
  "nearBuyControl",
  "priceNamed",
  "emphasised",
  "struckMarkup",
  "struckClass",
  "wasWords",
  "excluded",
  "hidden",
  "inMain",
  "otherAmountWords",
  "perUnit",
  "fromPrice",
  "repeated",
  "outlier",
  "equalsStructured",
  "bareNumber",
  "inOption",
  "firstAfterTitle",
  "sharesText",
  "laterInText",
  "inProductScope",
  "priceProperty",
  "currentNamed",
] as const;
export type FeatureName = (typeof FEATURES)[number];
