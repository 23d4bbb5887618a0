import { matchRecipe, type PriceRecipe } from "./recipe.ts";
import type { ExtractResult, PriceCandidate } from "./types.ts";

/**
 * A recipe decides the price of a page it matches: the structured candidate it names when the
 * page still has it, else the element it describes. When neither is found the result says the
 * recipe stopped matching and carries no price — never another price of the page.
 */
export function applyRecipe(
  result: ExtractResult,
  html: string,
  recipe: PriceRecipe,
): ExtractResult {
  const keyed = recipe.candidateKey
    ? result.candidates.find(
        (c) => c.key === recipe.candidateKey && c.source !== "visible_text" && c.role === "price",
      )
    : undefined;
  if (keyed && result.priceKey === keyed.key) {
    return { ...result, status: "ok", recipeStatus: "matched" };
  }
  const match = matchRecipe(html, recipe);
  if (match.kind === "not_found") {
    return {
      ...result,
      status: result.status === "not_product" ? "not_product" : "no_price",
      price: null,
      priceKey: null,
      isPriceRange: false,
      listPrice: null,
      recipeStatus: "stopped_matching",
      notes: [...result.notes, `the price spot picked earlier was not found: ${match.reason}`],
    };
  }
  const candidate: PriceCandidate = {
    key: "recipe:picked",
    source: "recipe",
    path: recipe.element.tag,
    price: match.price,
    role: "price",
    confidence: match.score,
    currencyBasis: "explicit",
    isRange: false,
    isFrom: false,
    isVariantMatch: false,
    raw: match.raw.slice(0, 80),
  };
  const listPrice =
    result.listPrice &&
    result.listPrice.currency === match.price.currency &&
    result.listPrice.amountMinor > match.price.amountMinor
      ? result.listPrice
      : null;
  return {
    ...result,
    status: "ok",
    price: match.price,
    priceKey: candidate.key,
    isPriceRange: false,
    listPrice,
    candidates: [candidate, ...result.candidates],
    recipeStatus: "matched",
    notes: [...result.notes, "read from the price spot picked on this page"],
  };
}
