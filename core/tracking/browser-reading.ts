import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { describeRuleStatusAtCreation, type RuleStatusAtCreation } from "../checks/index.ts";
import type { Db } from "../db/client.ts";
import { product, storeRecipe, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { PriceRecipe } from "../extract/recipe-schema.ts";
import { storeName } from "../extract/store-name.ts";
import { Availability, type ExtractResult } from "../extract/types.ts";
import type { Extractor } from "../extract-pool/index.ts";
import type { Fetcher } from "../fetch/index.ts";
import { refuseUnstorableStrings, storedText } from "../input.ts";
import { currencyExponent, Money } from "../money/index.ts";
import { normalizeProductUrl } from "../url/normalize-url.ts";
import { type CreateWatchContext, CreateWatchInput, createWatch } from "./create-watch.ts";
import type { ProductPreview } from "./preview-product.ts";
import { getWatch, type WatchView } from "./watch-view.ts";

/**
 * What a person's browser read on a product page (the extension runs core/extract on the
 * page as the person sees it). The server trusts none of it blindly: the URL goes through the
 * same normalisation as any link, the price must be whole minor units of an ISO currency
 * within plausible bounds, texts are capped, pictures must be http(s).
 */

/** No price of a product page is above a billion in its currency's major unit. */
const MAX_MAJOR_UNITS = 1_000_000_000;

export const BrowserPrice = Money.refine(
  (m) => m.amountMinor > 0 && m.amountMinor <= MAX_MAJOR_UNITS * 10 ** currencyExponent(m.currency),
  "That price is not plausible for a product (above zero, below a billion).",
);

const HttpLink = storedText({ label: "The picture link" })
  .max(2_000, "That picture link is too long.")
  .refine((value) => /^https?:\/\//i.test(value), "A picture link must start with http(s)://.");

export const BrowserReading = z.object({
  title: storedText({ label: "The title" }).trim().max(500).nullable().default(null),
  imageUrl: HttpLink.nullable().default(null),
  /** Null when the page shows no price (sold out). */
  price: BrowserPrice.nullable(),
  availability: Availability.default("unknown"),
});
export type BrowserReading = z.infer<typeof BrowserReading>;

/**
 * A picked price spot as the server takes it: core/extract's recipe schema, with every string in
 * it storable (no NUL, no lone surrogate: jsonb refuses both, #35 item 11).
 */
export const StoredPriceRecipe = PriceRecipe.superRefine(refuseUnstorableStrings);

/** PUT /api/v1/extension/watches/:id/recipe */
export const RecipeInput = z.object({ recipe: StoredPriceRecipe });
export type RecipeInput = z.infer<typeof RecipeInput>;

/** POST /api/v1/extension/watches: a watch with what the browser read, and maybe a picked spot. */
export const BrowserWatchInput = CreateWatchInput.extend({
  reading: BrowserReading,
  recipe: StoredPriceRecipe.optional(),
});
export type BrowserWatchInput = z.infer<typeof BrowserWatchInput>;

/** An extraction result made of the browser's reading (what the check path stores). */
export function resultFromReading(reading: BrowserReading, host: string): ExtractResult {
  return {
    status: reading.price ? "ok" : "no_price",
    title: reading.title,
    imageUrl: reading.imageUrl,
    price: reading.price,
    priceKey: null,
    isPriceRange: false,
    listPrice: null,
    availability: reading.availability,
    brand: null,
    sku: null,
    gtin: null,
    canonicalUrl: null,
    store: storeName(host, null),
    rule: null,
    candidates: [],
    notes: ["read in the person's browser"],
  };
}

/**
 * Starts tracking from the extension: the watch is created with the browser's reading as its
 * first observation (marked as the browser's), without fetching the page from the server — so
 * a store that blocks servers is still added, at the price the person saw.
 */
export async function trackFromBrowser(
  db: Db,
  confirmation: RecipeConfirmation,
  context: CreateWatchContext,
  input: BrowserWatchInput,
): Promise<{ watch: WatchView; ruleStatus: RuleStatusAtCreation }> {
  const normalized = normalizeProductUrl(input.url);
  if (!normalized) {
    throw new AppError("validation_failed", "That is not a product link.", {
      fields: [{ field: "url", message: "Paste an http or https link to a product page." }],
    });
  }
  const result = resultFromReading(input.reading, normalized.host);
  const preview: ProductPreview = {
    ...result,
    url: normalized.key,
    host: normalized.host,
    finalUrl: normalized.key,
    store: result.store ?? normalized.host.replace(/^www\./, ""),
  };
  // The watch, its first reading and its own pick are written in one transaction, after the
  // whole input was validated: a refused pick leaves no watch behind (#35 item 13).
  const created = await createWatch(
    db,
    context,
    { ...input, candidateKey: input.recipe?.candidateKey ?? input.candidateKey },
    { kind: "ok", preview },
    { source: "browser", recipe: input.recipe },
  );
  let view = created;
  if (input.recipe) {
    await confirmRecipe(
      db,
      confirmation,
      { userId: context.userId, watchId: created.id, now: context.now },
      input.recipe,
    );
    view = (await getWatch(db, context.userId, created.id)) ?? created;
  }
  const ruleStatus = describeRuleStatusAtCreation(view.rule, {
    id: "creation",
    kind: "read",
    status: result.status,
    price: view.price,
    availability: result.availability,
  });
  return { watch: view, ruleStatus };
}

/** What confirming a pick needs: the server's own fetch and reading of the page. */
export type RecipeConfirmation = {
  fetcher: Pick<Fetcher, "fetchPage">;
  extract: Extractor;
};

export type SavedRecipe = { status: "saved"; isConfirmed: boolean };

/**
 * Saves the price spot a person picked on one of their watches' pages (docs/decisions/0048).
 * It is their watch's at once (the extension reads that watch's page there). It becomes the
 * product's recipe (server checks read the price there) and the store's (offered to every other
 * product of the host) only when the server's own reading of the page confirms it: the spot is
 * found on the page as the server fetches it, holds the amount the person saw, and that amount
 * is one the server's plain reading of the page also finds. A product's recipe another person
 * picked is never replaced; nobody else's watch is touched.
 */
export async function saveRecipe(
  db: Db,
  confirmation: RecipeConfirmation,
  context: { userId: string; watchId: string; now: Date },
  recipe: PriceRecipe,
): Promise<SavedRecipe> {
  const updated = await db
    .update(watch)
    .set({ recipe, candidateKey: recipe.candidateKey, updatedAt: context.now })
    .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)))
    .returning({ id: watch.id });
  if (updated.length === 0) throw new AppError("not_found", "No such watch.");
  return confirmRecipe(db, confirmation, context, recipe);
}

/**
 * A pick already on the person's watch becomes the product's and the store's recipe when the
 * server's own reading of the page confirms it (see saveRecipe).
 */
export async function confirmRecipe(
  db: Db,
  confirmation: RecipeConfirmation,
  context: { userId: string; watchId: string; now: Date },
  recipe: PriceRecipe,
): Promise<SavedRecipe> {
  const [owned] = await db
    .select({
      productId: watch.productId,
      host: product.host,
      url: product.url,
      variantId: product.variantId,
    })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(and(eq(watch.id, context.watchId), eq(watch.userId, context.userId)));
  if (!owned) throw new AppError("not_found", "No such watch.");
  if (!(await isConfirmedByServer(confirmation, owned, recipe))) {
    return { status: "saved", isConfirmed: false };
  }
  await db.transaction(async (tx) => {
    await tx
      .update(product)
      .set({
        recipe,
        recipeBy: context.userId,
        preferredCandidateKey: recipe.candidateKey ?? sql`${product.preferredCandidateKey}`,
        updatedAt: context.now,
      })
      .where(
        and(
          eq(product.id, owned.productId),
          or(
            isNull(product.recipe),
            isNull(product.recipeBy),
            eq(product.recipeBy, context.userId),
          ),
        ),
      );
    await tx
      .insert(storeRecipe)
      .values({
        host: owned.host,
        recipe,
        productId: owned.productId,
        pickedBy: context.userId,
        updatedAt: context.now,
      })
      .onConflictDoUpdate({
        target: storeRecipe.host,
        set: {
          recipe,
          productId: owned.productId,
          pickedBy: context.userId,
          updatedAt: context.now,
        },
      });
  });
  return { status: "saved", isConfirmed: true };
}

/**
 * The server fetches the page itself and reads it with the pick (core/extract's recipe
 * functions, called, not changed): confirmed when the spot is found there holding the amount
 * the person saw, and the server's plain reading of the page also finds that amount.
 */
async function isConfirmedByServer(
  confirmation: RecipeConfirmation,
  page: { url: string; variantId: string | null },
  recipe: PriceRecipe,
): Promise<boolean> {
  const outcome = await confirmation.fetcher.fetchPage(page.url);
  if (outcome.kind !== "ok") return false;
  const read = await confirmation.extract(outcome.page ?? outcome.body, outcome.finalUrl, {
    recipe,
    ...(page.variantId ? { variantId: page.variantId } : {}),
  });
  if (read.kind !== "ok" || read.challenge) return false;
  const { result } = read;
  const isSample = (price: { amountMinor: number; currency: string } | null | undefined) =>
    price?.amountMinor === recipe.sample.amountMinor && price.currency === recipe.sample.currency;
  return (
    result.recipeStatus === "matched" &&
    isSample(result.price) &&
    result.candidates.some((c) => c.source !== "recipe" && isSample(c.price))
  );
}

/** The store's recipe for a page's host, if someone picked a price there. */
export async function getStoreRecipe(
  db: Pick<Db, "select">,
  host: string,
): Promise<PriceRecipe | null> {
  const [row] = await db
    .select({ recipe: storeRecipe.recipe })
    .from(storeRecipe)
    .where(eq(storeRecipe.host, host));
  return row?.recipe ?? null;
}
