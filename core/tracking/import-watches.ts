import { count, eq } from "drizzle-orm";
import { ruleToColumns } from "../checks/alert-rule.ts";
import type { Db } from "../db/client.ts";
import { priceObservation, product, watch, watchGroup } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { normalizeProductUrl } from "../url/normalize-url.ts";
import { refreshProductSchedule } from "./create-watch.ts";
import type { WatchExport } from "./export-watches.ts";

/** History rows per INSERT (6 parameters each, well under PostgreSQL's 65 535). */
export const HISTORY_BATCH_ROWS = 5_000;

export type ImportResult = {
  imported: number;
  skipped: { url: string; reason: string }[];
};

/**
 * Imports an export file (ours, from this or another instance) in one transaction: either
 * every new watch is added or, on any error, nothing is. Watches already tracked are skipped;
 * history is imported only into products this import creates (a product others already
 * track keeps its own history). Imported products are checked soon after.
 */
export async function importWatches(
  db: Db,
  context: { userId: string; maxWatches: number; minIntervalMinutes: number; now: Date },
  data: WatchExport,
): Promise<ImportResult> {
  const { now } = context;
  return db.transaction(async (tx) => {
    const skipped: ImportResult["skipped"] = [];
    const seen = new Set<string>();
    const wanted: { item: WatchExport["watches"][number]; key: string; host: string }[] = [];
    for (const item of data.watches) {
      const normalized = normalizeProductUrl(item.url);
      if (!normalized) {
        skipped.push({ url: item.url, reason: "not an http(s) product link" });
        continue;
      }
      if (seen.has(normalized.key)) {
        skipped.push({ url: item.url, reason: "listed twice in the file" });
        continue;
      }
      seen.add(normalized.key);
      wanted.push({ item, key: normalized.key, host: normalized.host });
    }

    const [{ value: owned } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(watch)
      .where(eq(watch.userId, context.userId));
    let added = 0;
    // The file's groups (0068) are made for the watches this import adds, on first use.
    const groupIds = new Map<string, string>();
    const groupIdFor = async (name: string | null | undefined): Promise<string | null> => {
      if (!name) return null;
      const known = groupIds.get(name);
      if (known) return known;
      const target = data.groups?.find((g) => g.name === name)?.target ?? null;
      const [made] = await tx
        .insert(watchGroup)
        .values({
          userId: context.userId,
          name,
          targetMinor: target && target.amountMinor > 0 ? target.amountMinor : null,
          targetCurrency: target && target.amountMinor > 0 ? target.currency : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: watchGroup.id });
      groupIds.set(name, made!.id);
      return made!.id;
    };
    for (const { item, key, host } of wanted) {
      const [created] = await tx
        .insert(product)
        .values({
          urlKey: key,
          url: key,
          host,
          store: item.store ?? host.replace(/^www\./, ""),
          title: item.title,
          nextCheckAt: now,
        })
        .onConflictDoNothing({ target: product.urlKey })
        .returning({ id: product.id });
      const productId =
        created?.id ??
        (await tx.select({ id: product.id }).from(product).where(eq(product.urlKey, key)))[0]?.id;
      if (!productId) throw new Error("a product just upserted must exist");

      const [inserted] = await tx
        .insert(watch)
        .values({
          userId: context.userId,
          productId,
          ...ruleToColumns(item.rule),
          intervalMinutes: Math.max(item.intervalMinutes, context.minIntervalMinutes),
          isPaused: item.isPaused,
          onlyRealDeal: item.onlyRealDeal ?? false,
          groupId: await groupIdFor(item.group),
          candidateKey: item.candidateKey,
          baselinePriceMinor: item.baseline?.amountMinor ?? null,
          baselineCurrency: item.baseline?.currency ?? null,
          createdAt: new Date(item.createdAt),
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [watch.userId, watch.productId] })
        .returning({ id: watch.id });
      if (!inserted) {
        skipped.push({ url: item.url, reason: "already tracked" });
        continue;
      }
      added += 1;
      if (owned + added > context.maxWatches) {
        throw new AppError(
          "limit_reached",
          `This import would take you past ${context.maxWatches} tracked products; nothing was imported.`,
          { details: { limit: context.maxWatches } },
        );
      }
      if (created) {
        // In batches: one INSERT of 100 000 rows would pass PostgreSQL's 65 535 parameters.
        // Still one transaction, so a failure in any batch leaves nothing behind.
        for (let start = 0; start < item.history.length; start += HISTORY_BATCH_ROWS) {
          await tx.insert(priceObservation).values(
            item.history.slice(start, start + HISTORY_BATCH_ROWS).map((p) => ({
              productId,
              priceMinor: p.price?.amountMinor ?? null,
              currency: p.price?.currency ?? null,
              listPriceMinor:
                p.price && p.listPrice?.currency === p.price.currency
                  ? p.listPrice.amountMinor
                  : null,
              availability: p.availability,
              observedAt: new Date(p.at),
              lastSeenAt: new Date(p.lastSeenAt),
            })),
          );
        }
      }
      await refreshProductSchedule(tx, productId, now);
    }
    // A group whose watches were all skipped (already tracked) is not left behind empty.
    for (const id of groupIds.values()) {
      const [member] = await tx
        .select({ id: watch.id })
        .from(watch)
        .where(eq(watch.groupId, id))
        .limit(1);
      if (!member) await tx.delete(watchGroup).where(eq(watchGroup.id, id));
    }
    return { imported: added, skipped };
  });
}
