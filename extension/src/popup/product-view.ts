/// <reference types="chrome" />
import type { PriceRecipe } from "../../../core/extract/recipe.ts";
import type { ExtractResult } from "../../../core/extract/types.ts";
import type { StoredPick } from "../messages.ts";
import { candidateKeyFor, readProduct, readTab } from "../page-reading.ts";
import type { Settings } from "../settings.ts";
import { lookup, showBadge } from "../tracked.ts";
import { h, money, show } from "./dom.ts";
import { startPick } from "./pick.ts";
import { trackForm } from "./track-form.ts";
import { trackedPanel } from "./tracked-panel.ts";

/** The product on the page the person clicked on, read in their browser by core/extract. */
export async function renderProduct(
  settings: Settings,
  id: number,
  pick: StoredPick | null,
): Promise<void> {
  const page = await readTab(id);
  const found = await lookup(page.url);
  await showBadge(id, found.watch !== null);
  const plain = readProduct(page.html, page.url, null);
  const pickRecipe: PriceRecipe | null = pick
    ? {
        ...pick.recipe,
        candidateKey: pick.recipe.candidateKey ?? candidateKeyFor(plain, pick.recipe.sample),
      }
    : null;
  const applied = pickRecipe
    ? { recipe: pickRecipe, isStore: false }
    : found.watch?.recipe
      ? { recipe: found.watch.recipe, isStore: false }
      : found.storeRecipe
        ? { recipe: found.storeRecipe, isStore: true }
        : null;
  const result = applied ? readProduct(page.html, page.url, applied) : plain;
  const currency =
    result.price?.currency ??
    result.candidates[0]?.price.currency ??
    found.storeRecipe?.sample.currency ??
    "USD";

  const pickButton = h(
    "button",
    { "data-testid": "pick", onclick: () => void startPick(id, currency) },
    "Pick the price",
  );
  const summary = productSummary(result, applied, pickRecipe !== null);
  if (found.watch) {
    return show(
      summary,
      trackedPanel(settings, found, page.url, result, pickRecipe),
      h("div", { class: "actions" }, pickButton),
    );
  }
  show(summary, trackForm(settings, page.url, result, pickRecipe, pickButton));
}

function productSummary(
  result: ExtractResult,
  applied: { recipe: PriceRecipe; isStore: boolean } | null,
  isPicked: boolean,
): HTMLElement {
  const stock: Record<string, string> = {
    in_stock: "In stock",
    out_of_stock: "Out of stock",
    preorder: "Pre-order",
    unknown: "",
  };
  const why =
    result.recipeStatus === "stopped_matching"
      ? "The price is no longer where it was picked on this page: pick it again."
      : result.status === "ambiguous"
        ? "This page shows more than one price: pick the right one."
        : result.status === "no_price"
          ? "No price found on this page."
          : result.status === "not_product"
            ? "This page doesn’t look like a product."
            : null;
  const source =
    result.recipeStatus === "matched"
      ? isPicked
        ? "The price you picked."
        : applied?.isStore
          ? "Read where the price was picked on this store before."
          : "Read where the price was picked on this page."
      : null;
  return h(
    "section",
    { class: "product" },
    result.imageUrl && productImage(result.imageUrl),
    h(
      "div",
      {},
      h("h1", { "data-testid": "title" }, result.title ?? "Untitled product"),
      h(
        "div",
        { class: "price", "data-testid": "price" },
        result.price ? money(result.price) : "—",
      ),
      stock[result.availability] &&
        h("div", { class: "muted", "data-testid": "stock" }, stock[result.availability] ?? ""),
      source && h("div", { class: "muted", "data-testid": "price-source" }, source),
      why && h("p", { class: "note", "data-testid": "note" }, why),
    ),
  );
}

/** The page's picture; gone, not a broken-picture icon, when it does not load (#39 item 13). */
function productImage(src: string): HTMLElement {
  const img = h("img", { src, alt: "", "data-testid": "product-image" }) as HTMLImageElement;
  img.addEventListener("error", () => img.remove());
  return img;
}
