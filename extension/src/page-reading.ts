/// <reference types="chrome" />
import { countryFromLanguages } from "../../core/accounts/country-from-languages.ts";
import { extractProduct } from "../../core/extract/extract-product.ts";
import type { PriceRecipe } from "../../core/extract/recipe.ts";
import type { ExtractResult } from "../../core/extract/types.ts";
import type { Money } from "../../core/money/money.ts";
import { readPage } from "./read-page.ts";

/** What the extension sends as a browser reading (core/tracking/browser-reading.ts). */
export type Reading = {
  title: string | null;
  imageUrl: string | null;
  price: Money | null;
  availability: ExtractResult["availability"];
};

/** The page in a tab, as the person sees it (activeTab, or a host they allowed). */
export async function readTab(tabId: number): Promise<{ html: string; url: string }> {
  const [frame] = await chrome.scripting.executeScript({ target: { tabId }, func: readPage });
  const result = frame?.result as { html: string; url: string } | undefined;
  if (!result) throw new Error("This page cannot be read (a browser page or a store's PDF?)");
  return result;
}

/**
 * The same extraction as the server's (core/extract), on the rendered page. A recipe of the
 * product's own is applied strictly (it may say it stopped matching); a store's recipe only
 * where it matches this page.
 */
export function readProduct(
  html: string,
  url: string,
  recipe: { recipe: PriceRecipe; isStore: boolean } | null,
  country: string | null = browserCountry(),
): ExtractResult {
  const base = country ? { country } : {};
  if (!recipe) return extractProduct(html, url, base);
  const result = extractProduct(html, url, { ...base, recipe: recipe.recipe });
  if (recipe.isStore && result.recipeStatus === "stopped_matching")
    return extractProduct(html, url, base);
  return result;
}

/**
 * The country of the browser's languages (`navigator.languages`, "es-MX" → MX): the last
 * tie-break for a currency sign the page does not decide (core/accounts/country-from-languages.ts).
 */
export function browserCountry(): string | null {
  const languages = typeof navigator === "undefined" ? [] : (navigator.languages ?? []);
  return countryFromLanguages(languages.join(","));
}

export function toReading(result: ExtractResult): Reading {
  return {
    title: result.title ? result.title.slice(0, 500) : null,
    imageUrl: result.imageUrl && /^https?:\/\//i.test(result.imageUrl) ? result.imageUrl : null,
    price: result.price && result.price.amountMinor > 0 ? result.price : null,
    availability: result.availability,
  };
}

/**
 * A structured candidate (JSON-LD, microdata…) with the picked amount: its key is the most
 * stable way to find the same price again; the element description covers pages without one.
 */
export function candidateKeyFor(result: ExtractResult, price: Money): string | null {
  const same = result.candidates.find(
    (c) =>
      c.source !== "visible_text" &&
      c.source !== "recipe" &&
      c.role === "price" &&
      c.price.amountMinor === price.amountMinor &&
      c.price.currency === price.currency,
  );
  return same?.key ?? null;
}
