import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AlertRule } from "../checks/alert-rule.ts";
import { describeRuleStatus } from "../checks/describe-rule-status.ts";
import type { Db } from "../db/client.ts";
import { product, watch } from "../db/schema/index.ts";
import type { PriceRecipe } from "../extract/recipe.ts";
import type { Money } from "../money/index.ts";
import { normalizeProductUrl } from "../url/normalize-url.ts";
import { getStoreRecipe } from "./browser-reading.ts";
import { ProductUrl } from "./product-url.ts";
import { OnlyRealDeal } from "./watch-fields.ts";
import { getWatchHistory } from "./watch-history.ts";
import { getWatch } from "./watch-view.ts";

/** GET /api/v1/extension/lookup?url=…: is the page in the browser's tab one of my watches? */
export const LookupQuery = z.object({ url: ProductUrl });
export type LookupQuery = z.infer<typeof LookupQuery>;

/**
 * PATCH /api/v1/extension/watches/{id}: the watch option the popup's tracked view changes,
 * "Only a real deal" (decision 0063), the add form's box; applied by updateWatch like the hub's.
 */
export const TrackedOptionsInput = z.object({ onlyRealDeal: OnlyRealDeal });
export type TrackedOptionsInput = z.infer<typeof TrackedOptionsInput>;

/** Fetch outcomes that mean the store keeps the server out (the browser can still read it). */
const BLOCKED = new Set(["bot_challenge", "http_error"]);

export type TrackedSummary = {
  id: string;
  productId: string;
  title: string | null;
  price: Money | null;
  availability: string;
  lowest: Money | null;
  highest: Money | null;
  rule: AlertRule;
  /** Price-down alerts only for a real deal (decision 0063). */
  onlyRealDeal: boolean;
  ruleMessage: string;
  isRuleMet: boolean;
  /** The server's last check was refused by the store (a bot wall, 403/429). */
  isServerBlocked: boolean;
  lastError: string | null;
  hasRecipe: boolean;
  /** The watch's own pick, else the product's recipe (the extension reads the page there). */
  recipe: PriceRecipe | null;
  /** The last 60 points of the price history (oldest first), for the popup's chart. */
  points: { at: string; price: Money | null; source: "server" | "browser" }[];
  hubPath: string;
};

export type Lookup = {
  /** The normalised URL the page is tracked under. */
  url: string;
  watch: TrackedSummary | null;
  /** Someone picked the price on another page of this host: the extension reads it there. */
  storeRecipe: PriceRecipe | null;
};

export async function lookupTracked(
  db: Db,
  userId: string,
  rawUrl: string,
  now: Date,
): Promise<Lookup> {
  const normalized = normalizeProductUrl(rawUrl);
  if (!normalized) return { url: rawUrl, watch: null, storeRecipe: null };
  const storeRecipe = await getStoreRecipe(db, normalized.host);
  const [row] = await db
    .select({
      id: watch.id,
      // The person's own pick first (0048): it is theirs at once, confirmed or not.
      recipe: sql<PriceRecipe | null>`coalesce(${watch.recipe}, ${product.recipe})`.mapWith(
        product.recipe,
      ),
      lastOutcome: product.lastOutcome,
    })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(and(eq(watch.userId, userId), eq(product.urlKey, normalized.key)));
  const view = row ? await getWatch(db, userId, row.id) : null;
  if (!row || !view) return { url: normalized.key, watch: null, storeRecipe };
  const history = await getWatchHistory(db, userId, row.id, now);
  const status = describeRuleStatus(view);
  return {
    url: normalized.key,
    storeRecipe,
    watch: {
      id: view.id,
      productId: view.productId,
      title: view.title,
      price: view.price,
      availability: view.availability,
      lowest: history.stats.lowest,
      highest: history.stats.highest,
      rule: view.rule,
      onlyRealDeal: view.onlyRealDeal,
      ruleMessage: status.message,
      isRuleMet: status.isMetNow,
      isServerBlocked: row.lastOutcome !== null && BLOCKED.has(row.lastOutcome),
      lastError: view.lastError,
      hasRecipe: row.recipe !== null,
      recipe: row.recipe,
      points: history.points.slice(-60).map((p) => ({
        at: p.at,
        price: p.price,
        source: p.source,
      })),
      hubPath: `/hub/watch/${view.id}`,
    },
  };
}

/** The normalised links of everything the person tracks: the extension's badge compares tabs to these. */
export async function trackedUrls(db: Pick<Db, "select">, userId: string): Promise<string[]> {
  const rows = await db
    .select({ url: product.urlKey })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(eq(watch.userId, userId));
  return rows.map((r) => r.url);
}
