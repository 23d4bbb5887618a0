import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { AlertRule, ruleMoney, ruleToColumns } from "../checks/alert-rule.ts";
import { alertStateToJson } from "../checks/alert-state-json.ts";
import { createWatchState } from "../checks/decide-alerts.ts";
import type { Db } from "../db/client.ts";
import { type ObservationSource, product, watch } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { PriceRecipe } from "../extract/recipe.ts";
import type { Money } from "../money/index.ts";
import { normalizeProductUrl } from "../url/normalize-url.ts";
import { isUntrackable, type PreviewOutcome } from "./preview-product.ts";
import { ProductUrl } from "./product-url.ts";
import { factsFromExtraction, recordObservation, storeExtraction } from "./record-observation.ts";
import {
  CandidateKey,
  CheckIntervalMinutes,
  DEFAULT_INTERVAL_MINUTES,
  OnlyRealDeal,
  VariantId,
} from "./watch-fields.ts";
import { getWatch, type WatchView } from "./watch-view.ts";

export const CreateWatchInput = z.object({
  url: ProductUrl,
  rule: AlertRule.default({ kind: "any_drop" }),
  intervalMinutes: CheckIntervalMinutes.default(DEFAULT_INTERVAL_MINUTES),
  candidateKey: CandidateKey.optional(),
  /** The variant to track (its SKU or id from the preview's `variants`). */
  variantId: VariantId.optional(),
  onlyRealDeal: OnlyRealDeal.default(false),
});
export type CreateWatchInput = z.infer<typeof CreateWatchInput>;

export type CreateWatchContext = {
  userId: string;
  maxWatches: number;
  minIntervalMinutes: number;
  now: Date;
};

/**
 * Starts tracking: finds or creates the shared product for the URL, stores what the preview
 * saw (history starts there), and adds the person's watch — all in one transaction.
 * A blocked or failed preview still creates the watch (availability can still be tracked
 * and the worker retries); an unusable address does not.
 */
export async function createWatch(
  db: Db,
  context: CreateWatchContext,
  input: CreateWatchInput,
  preview: PreviewOutcome,
  /** Who read the page: the server (a preview) or the person's browser (the extension). */
  options: { source?: ObservationSource; recipe?: PriceRecipe } = {},
): Promise<WatchView> {
  const normalized = trackableAddress(input, preview);
  const chosenPrice =
    preview.kind === "ok"
      ? ((input.candidateKey
          ? preview.preview.candidates.find((c) => c.key === input.candidateKey)?.price
          : undefined) ?? preview.preview.price)
      : null;
  assertRuleCurrency(input.rule, chosenPrice?.currency ?? null);
  const intervalMinutes = Math.max(input.intervalMinutes, context.minIntervalMinutes);
  const { now } = context;

  const watchId = await db.transaction(async (tx) => {
    await assertUnderWatchLimit(tx, context);

    const { productId, isNewProduct } = await upsertProduct(tx, {
      input,
      preview,
      normalized,
      intervalMinutes,
      now,
    });
    const isBrowser = options.source === "browser";
    await applyPreview(tx, productId, preview, {
      isBrowser,
      isNewProduct,
      candidateKey: input.candidateKey,
      source: options.source,
      now,
    });

    const baseline = chosenPrice;
    // The alert state starts from what the person sees now: a rule already met does not
    // alert at the next check (docs/decisions/0007, case 9).
    const alertState = createWatchState({
      watchId: "new",
      rule: input.rule,
      current:
        preview.kind === "ok"
          ? {
              id: "creation",
              kind: "read",
              status: preview.preview.status,
              price: baseline,
              availability: preview.preview.availability,
            }
          : null,
      now,
    });
    const [created] = await tx
      .insert(watch)
      .values({
        userId: context.userId,
        productId,
        ...ruleToColumns(input.rule),
        intervalMinutes,
        candidateKey: input.candidateKey ?? null,
        onlyRealDeal: input.onlyRealDeal ?? false,
        recipe: options.recipe ?? null,
        baselinePriceMinor: baseline?.amountMinor ?? null,
        baselineCurrency: baseline?.currency ?? null,
        alertState: alertStateToJson(alertState),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [watch.userId, watch.productId] })
      .returning({ id: watch.id });
    if (!created) {
      throw new AppError("conflict", "You already track this product.", {
        fields: [{ field: "url", message: "You already track this product." }],
      });
    }
    if (preview.kind === "ok" && isBrowser && preview.preview.status !== "not_product") {
      await recordObservation(
        tx,
        productId,
        factsFromExtraction(preview.preview),
        now,
        "browser",
        created.id,
      );
    }
    await refreshProductSchedule(tx, productId, now);
    return created.id;
  });

  const view = await getWatch(db, context.userId, watchId);
  if (!view) throw new Error("a watch created in this transaction must be readable");
  return view;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The product address to track, or a clear refusal: the server busy, an address that cannot
 * be tracked (the preview said so already), or no product link at all.
 */
function trackableAddress(
  input: CreateWatchInput,
  preview: PreviewOutcome,
): { key: string; host: string } {
  if (preview.kind === "failed" && preview.code === "busy") {
    throw new AppError("unavailable", preview.message, { details: { outcome: preview.code } });
  }
  // The address itself is unusable: no product is created (the preview said so already).
  if (preview.kind === "failed" && isUntrackable(preview)) {
    throw new AppError("unprocessable", preview.message, {
      fields: [{ field: "url", message: preview.message }],
      details: { outcome: preview.code },
    });
  }
  const normalized =
    preview.kind === "ok"
      ? { key: preview.preview.url, host: preview.preview.host }
      : normalizeProductUrl(input.url);
  if (!normalized) {
    throw new AppError("validation_failed", "That is not a product link.", {
      fields: [{ field: "url", message: "Paste an http or https link to a product page." }],
    });
  }
  return normalized;
}

/** The plan's limit on watches, counted inside the transaction that adds one. */
async function assertUnderWatchLimit(tx: Tx, context: CreateWatchContext): Promise<void> {
  const [{ value: owned } = { value: 0 }] = await tx
    .select({ value: count() })
    .from(watch)
    .where(eq(watch.userId, context.userId));
  if (owned >= context.maxWatches) {
    throw new AppError(
      "limit_reached",
      `You can track up to ${context.maxWatches} products. Remove one to add another.`,
      { details: { limit: context.maxWatches } },
    );
  }
}

/** The shared product for the address (and variant): found, or made with this check interval. */
async function upsertProduct(
  tx: Tx,
  {
    input,
    preview,
    normalized,
    intervalMinutes,
    now,
  }: {
    input: CreateWatchInput;
    preview: PreviewOutcome;
    normalized: { key: string; host: string };
    intervalMinutes: number;
    now: Date;
  },
): Promise<{ productId: string; isNewProduct: boolean }> {
  const store =
    preview.kind === "ok" ? preview.preview.store : normalized.host.replace(/^www\./, "");
  const [productRow] = await tx
    .insert(product)
    .values({
      urlKey: productKey(normalized.key, input.variantId),
      url: normalized.key,
      variantId: input.variantId ?? null,
      host: normalized.host,
      store,
      checkIntervalMinutes: intervalMinutes,
      nextCheckAt: new Date(now.getTime() + intervalMinutes * 60_000),
    })
    .onConflictDoUpdate({ target: product.urlKey, set: { updatedAt: now } })
    .returning({ id: product.id, isNew: sql<boolean>`(xmax = 0)` });
  return { productId: productRow!.id, isNewProduct: productRow!.isNew === true };
}

/**
 * What the preview read, on the product: the server's reading is stored and starts the
 * history; a failed preview is recorded as the product's first failure.
 */
async function applyPreview(
  tx: Tx,
  productId: string,
  preview: PreviewOutcome,
  {
    isBrowser,
    isNewProduct,
    candidateKey,
    source,
    now,
  }: {
    isBrowser: boolean;
    isNewProduct: boolean;
    candidateKey: string | undefined;
    source: ObservationSource | undefined;
    now: Date;
  },
): Promise<void> {
  // What a person's browser read counts for their watch only (0048): it never changes a
  // product someone already tracks. A product made here, that nobody else sees yet, takes
  // its name and picture (until the server's first reading replaces them).
  if (preview.kind === "ok" && isBrowser) {
    if (isNewProduct) {
      await tx
        .update(product)
        .set({ title: preview.preview.title, imageUrl: preview.preview.imageUrl })
        .where(eq(product.id, productId));
    }
  } else if (preview.kind === "ok") {
    await storeExtraction(tx, productId, preview.preview, now);
    if (preview.preview.status !== "not_product") {
      await recordObservation(tx, productId, factsFromExtraction(preview.preview), now, source);
    }
    if (candidateKey) {
      await tx
        .update(product)
        .set({ preferredCandidateKey: candidateKey })
        .where(eq(product.id, productId));
    }
  } else {
    await tx
      .update(product)
      .set({
        lastCheckedAt: now,
        lastOutcome: preview.code,
        lastError: preview.message,
        consecutiveFailures: sql`${product.consecutiveFailures} + 1`,
      })
      .where(eq(product.id, productId));
  }
}

/**
 * The sharing key of a product: its normalised URL, plus the variant when one is tracked, so
 * two people tracking two variants of one page get two products, each checked for its own
 * variant (docs/decisions/0029-variants.md). A space never occurs in a normalised URL.
 */
export function productKey(urlKey: string, variantId: string | undefined | null): string {
  return variantId ? `${urlKey} variant:${variantId}` : urlKey;
}

/**
 * A product is checked as often as its most eager active watcher asks. The next check moves
 * earlier when a shorter interval arrives; it never moves later than already planned.
 */
export async function refreshProductSchedule(
  db: Pick<Db, "select" | "update">,
  productId: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ shortest: sql<number | null>`min(${watch.intervalMinutes})` })
    .from(watch)
    .where(and(eq(watch.productId, productId), eq(watch.isPaused, false)));
  const shortest =
    row?.shortest === null || row?.shortest === undefined ? null : Number(row.shortest);
  if (shortest === null) return;
  const latest = new Date(now.getTime() + shortest * 60_000);
  await db
    .update(product)
    .set({
      checkIntervalMinutes: shortest,
      nextCheckAt: sql`least(${product.nextCheckAt}, ${latest.toISOString()}::timestamptz)`,
    })
    .where(eq(product.id, productId));
}

/**
 * A target or threshold is compared only with prices in its own currency, so one in another
 * currency than the product's could never alert: it is refused (when the product's currency
 * is known) rather than saved to stay silent.
 */
export function assertRuleCurrency(rule: AlertRule, productCurrency: string | null): void {
  const money: Money | null = ruleMoney(rule);
  if (money === null || productCurrency === null || money.currency === productCurrency) return;
  const key = rule.kind === "below_target" ? "target" : "threshold";
  const message = `This product is priced in ${productCurrency}: give the ${key} in ${productCurrency}, not ${money.currency}.`;
  throw new AppError("validation_failed", message, {
    fields: [{ field: `rule.${key}.currency`, message }],
  });
}
