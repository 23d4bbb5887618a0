import { count, eq } from "drizzle-orm";
import { hitCounter } from "../accounts/email-rate-limit.ts";
import { ruleToColumns } from "../checks/alert-rule.ts";
import type { Db } from "../db/client.ts";
import { priceObservation, product, watch, watchGroup } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { normalizeProductUrl } from "../url/normalize-url.ts";
import { refreshProductSchedule } from "./create-watch.ts";
import { historyRow, type ImportFile } from "./import-file.ts";
import { readImportOffLoop } from "./import-reader.ts";

/**
 * History rows per INSERT (8 parameters each, well under PostgreSQL's 65 535). Small enough
 * that one INSERT holds the event loop briefly on the embedded database, which runs on it;
 * every batch is awaited, so other requests are answered between batches.
 */
export const HISTORY_BATCH_ROWS = 1_000;

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
  data: ImportFile,
): Promise<ImportResult> {
  const { now } = context;
  return db.transaction(async (tx) => {
    const skipped: ImportResult["skipped"] = [];
    const seen = new Set<string>();
    const wanted: { item: ImportFile["watches"][number]; key: string; host: string }[] = [];
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
        const { history } = item;
        for (let start = 0; start < history.length; start += HISTORY_BATCH_ROWS) {
          const end = Math.min(start + HISTORY_BATCH_ROWS, history.length);
          const rows = [];
          for (let i = start; i < end; i += 1) {
            rows.push({ productId, ...historyRow(data, history, i) });
          }
          await tx.insert(priceObservation).values(rows);
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

/** Imports one account may start per hour (each reads a whole file on a thread). */
export const IMPORTS_PER_HOUR = 10;

/**
 * An export file's bytes, imported as the API and the /user form both do it: counted against
 * the account's imports per hour, read off the event loop (JSON, schema, point cap:
 * import-reader.ts), then written in one transaction in batches (docs/decisions/0070).
 */
export async function importExportFile(
  db: Db,
  context: { userId: string; maxWatches: number; minIntervalMinutes: number; now: Date },
  bytes: Uint8Array,
  options: { maxPoints: number },
): Promise<ImportResult> {
  const decision = await hitCounter(db, {
    key: `import:${context.userId}`,
    max: IMPORTS_PER_HOUR,
    windowSeconds: 60 * 60,
    now: context.now,
  });
  if (!decision.isAllowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    throw new AppError("rate_limited", `Too many imports. Try again in ${minutes} min.`, {
      details: { retryAfterSeconds: decision.retryAfterSeconds },
    });
  }
  const file = await readImportOffLoop(bytes, options);
  return importWatches(db, context, file);
}
