import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { VerdictKey } from "../checks/price-verdict.ts";
import type { Db } from "../db/client.ts";
import { product, watch, watchGroup } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { compareGroup, type GroupComparison } from "../groups/compare-group.ts";
import { compareLanded, type LandedComparison } from "../groups/compare-landed.ts";
import { type GroupChart, groupChart } from "../groups/group-chart.ts";
import { type GroupSuggestion, suggestGroups } from "../groups/match-products.ts";
import type { RateSource } from "../groups/rate-source.ts";
import { storedText } from "../input.ts";
import { COUNTRY_CURRENCY, type Money, PositiveMoney } from "../money/index.ts";
import type { ReferenceRates } from "../money/reference-rates.ts";
import { getWatchHistory, type HistoryPoint } from "./watch-history.ts";
import { isUuid, listWatches, type WatchView } from "./watch-view.ts";

/**
 * Groups of one person's watches of the same product at different stores (issue #37 item 5,
 * decision 0068): made from a suggestion (same GTIN, or brand and part number) or by hand;
 * shown on one page with every store's price, stock and history; one alert for the group.
 */

export const MAX_GROUP_WATCHES = 50;

const GroupName = storedText({ label: "The group's name" })
  .trim()
  .min(1, "Give the group a name.")
  .max(200, "Name the group in at most 200 characters.");
const WatchIds = z
  .array(z.uuid({ error: "Each watch is named by its id." }), {
    error: "watchIds is a list of watch ids.",
  })
  .max(MAX_GROUP_WATCHES, `A group holds at most ${MAX_GROUP_WATCHES} watches.`);

export const CreateGroupInput = z.object({
  /** Defaults to the first watch's title. */
  name: GroupName.optional(),
  watchIds: WatchIds.min(1, "Choose at least one watch for the group."),
  /** "Any store at or below this": the group's one alert. */
  target: PositiveMoney.nullable().optional(),
});
export type CreateGroupInput = z.infer<typeof CreateGroupInput>;

export const UpdateGroupInput = z
  .object({
    name: GroupName.optional(),
    target: PositiveMoney.nullable().optional(),
    addWatchIds: WatchIds.optional(),
    removeWatchIds: WatchIds.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change.");
export type UpdateGroupInput = z.infer<typeof UpdateGroupInput>;

export type GroupSummary = {
  id: string;
  name: string;
  target: Money | null;
  watchIds: string[];
  createdAt: string;
};

export type GroupMember = {
  watchId: string;
  productId: string;
  store: string;
  title: string | null;
  url: string;
  price: Money | null;
  /** Shipping, unit price and the price with shipping the store's page states (0079). */
  shipping: WatchView["shipping"];
  unitPrice: WatchView["unitPrice"];
  landedPrice: Money | null;
  availability: string;
  lastCheckedAt: string | null;
  lastError: string | null;
  /** The verdict's words key on this store's own history (decision 0061), or null. */
  verdict: VerdictKey | null;
  points: HistoryPoint[];
};

export type GroupView = GroupSummary & {
  members: GroupMember[];
  comparison: GroupComparison;
  /** The stores compared with shipping and per unit, in the comparison's currency (0079). */
  landed: LandedComparison;
};

function notFound(): AppError {
  return new AppError("not_found", "No such group.");
}

function toSummary(row: typeof watchGroup.$inferSelect, watchIds: string[]): GroupSummary {
  return {
    id: row.id,
    name: row.name,
    target:
      row.targetMinor !== null && row.targetCurrency
        ? { amountMinor: row.targetMinor, currency: row.targetCurrency }
        : null,
    watchIds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every watch id given must be the person's own; otherwise 404 names the first that is not. */
async function assertOwnWatches(
  db: Pick<Db, "select">,
  userId: string,
  watchIds: readonly string[],
): Promise<void> {
  if (watchIds.length === 0) return;
  const rows = await db
    .select({ id: watch.id })
    .from(watch)
    .where(and(eq(watch.userId, userId), inArray(watch.id, [...watchIds])));
  const own = new Set(rows.map((r) => r.id));
  const missing = watchIds.find((id) => !own.has(id));
  if (missing) {
    throw new AppError("not_found", "No such watch in your hub.", {
      fields: [{ field: "watchIds", message: `No such watch in your hub: ${missing}.` }],
    });
  }
}

/** Makes a group of the person's watches (taken out of any group they were in). */
export async function createGroup(
  db: Db,
  userId: string,
  input: CreateGroupInput,
  now: Date,
): Promise<GroupSummary> {
  const watchIds = [...new Set(input.watchIds)];
  return db.transaction(async (tx) => {
    await assertOwnWatches(tx, userId, watchIds);
    let name = input.name;
    if (!name) {
      const [first] = await tx
        .select({ title: product.title, store: product.store })
        .from(watch)
        .innerJoin(product, eq(product.id, watch.productId))
        .where(eq(watch.id, watchIds[0]!));
      name = (first?.title ?? first?.store ?? "Group").slice(0, 200);
    }
    const [row] = await tx
      .insert(watchGroup)
      .values({
        userId,
        name,
        targetMinor: input.target?.amountMinor ?? null,
        targetCurrency: input.target?.currency ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .update(watch)
      .set({ groupId: row!.id })
      .where(and(eq(watch.userId, userId), inArray(watch.id, watchIds)));
    await dropEmptyGroups(tx, userId);
    return toSummary(row!, watchIds);
  });
}

/** Renames, sets or clears the alert, adds or removes watches; only its owner can. */
export async function updateGroup(
  db: Db,
  userId: string,
  groupId: string,
  input: UpdateGroupInput,
  now: Date,
): Promise<GroupSummary> {
  if (!isUuid(groupId)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: watchGroup.id })
      .from(watchGroup)
      .where(and(eq(watchGroup.id, groupId), eq(watchGroup.userId, userId)))
      .for("update");
    if (!row) throw notFound();
    await assertOwnWatches(tx, userId, [
      ...(input.addWatchIds ?? []),
      ...(input.removeWatchIds ?? []),
    ]);
    await tx
      .update(watchGroup)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.target !== undefined
          ? {
              targetMinor: input.target?.amountMinor ?? null,
              targetCurrency: input.target?.currency ?? null,
              // A new target is judged afresh at the next check.
              isTargetMet: false,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(watchGroup.id, groupId));
    if (input.addWatchIds?.length) {
      await tx
        .update(watch)
        .set({ groupId })
        .where(and(eq(watch.userId, userId), inArray(watch.id, input.addWatchIds)));
    }
    if (input.removeWatchIds?.length) {
      await tx
        .update(watch)
        .set({ groupId: null })
        .where(
          and(
            eq(watch.userId, userId),
            eq(watch.groupId, groupId),
            inArray(watch.id, input.removeWatchIds),
          ),
        );
    }
    if (input.addWatchIds?.length) await dropEmptyGroups(tx, userId);
  });
  const summary = (await listGroups(db, userId)).find((g) => g.id === groupId);
  if (!summary) throw notFound();
  return summary;
}

/** Removes the group; its watches stay, in no group. */
export async function deleteGroup(db: Db, userId: string, groupId: string): Promise<void> {
  if (!isUuid(groupId)) throw notFound();
  const removed = await db
    .delete(watchGroup)
    .where(and(eq(watchGroup.id, groupId), eq(watchGroup.userId, userId)))
    .returning({ id: watchGroup.id });
  if (removed.length === 0) throw notFound();
}

/** A group whose last watch left it is removed (watches moved to another group, or deleted). */
async function dropEmptyGroups(tx: Pick<Db, "delete">, userId: string): Promise<void> {
  await tx
    .delete(watchGroup)
    .where(
      and(
        eq(watchGroup.userId, userId),
        sql`not exists (select 1 from ${watch} where ${watch.groupId} = ${watchGroup.id})`,
      ),
    );
}

/** The person's groups, newest first, with their watches' ids. */
export async function listGroups(db: Pick<Db, "select">, userId: string): Promise<GroupSummary[]> {
  const [groups, members] = await Promise.all([
    db
      .select()
      .from(watchGroup)
      .where(eq(watchGroup.userId, userId))
      .orderBy(sql`${watchGroup.createdAt} desc`, watchGroup.id),
    db
      .select({ id: watch.id, groupId: watch.groupId })
      .from(watch)
      .where(and(eq(watch.userId, userId), sql`${watch.groupId} is not null`))
      .orderBy(watch.createdAt),
  ]);
  return groups.map((g) =>
    toSummary(
      g,
      members.filter((m) => m.groupId === g.id).map((m) => m.id),
    ),
  );
}

/** The person's own currency: their country's, else the one most of the group's prices are in. */
export function personCurrency(
  country: string | null,
  prices: readonly (Money | null)[],
): string | null {
  const own = country ? COUNTRY_CURRENCY[country.toUpperCase()] : undefined;
  if (own) return own;
  const counts = new Map<string, number>();
  for (const p of prices) if (p) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  return (
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null
  );
}

/**
 * One group's page: every store's current price, stock and history, and the comparison in
 * the person's currency (the cheapest in stock now). `rates` is null when the reference rates
 * could not be read: a group in one currency compares without them.
 */
export async function getGroupView(
  db: Pick<Db, "select">,
  userId: string,
  groupId: string,
  context: { now: Date; country: string | null; rates: () => Promise<ReferenceRates | null> },
): Promise<GroupView> {
  if (!isUuid(groupId)) throw notFound();
  const [row] = await db
    .select()
    .from(watchGroup)
    .where(and(eq(watchGroup.id, groupId), eq(watchGroup.userId, userId)));
  if (!row) throw notFound();
  // Oldest watch first (listWatches gives the newest first): a store keeps its place.
  const views = (await listWatches(db, userId)).filter((w) => w.groupId === groupId).reverse();
  const members = await Promise.all(
    views.map(async (w: WatchView): Promise<GroupMember> => {
      const history = await getWatchHistory(db, userId, w.id, context.now);
      const key = history.verdict.key;
      return {
        watchId: w.id,
        productId: w.productId,
        store: w.store,
        title: w.title,
        url: w.url,
        price: w.price,
        shipping: w.shipping,
        unitPrice: w.unitPrice,
        landedPrice: w.landedPrice,
        availability: w.availability,
        lastCheckedAt: w.lastCheckedAt,
        lastError: w.lastError,
        verdict: key === "no_price" || key === "not_enough_history" ? null : key,
        points: history.points,
      };
    }),
  );
  const currency = personCurrency(
    context.country,
    members.map((m) => m.price),
  );
  const isMixed = members.some((m) => m.price && m.price.currency !== currency);
  const rates = isMixed ? await context.rates() : null;
  const summary = toSummary(
    row,
    members.map((m) => m.watchId),
  );
  return {
    ...summary,
    members,
    comparison: compareGroup(
      members.map((m) => ({ watchId: m.watchId, price: m.price, availability: m.availability })),
      currency,
      rates,
    ),
    landed: compareLanded(members, currency, rates),
  };
}

/**
 * A group page's chart (core/groups/group-chart.ts): every store's history in the comparison's
 * currency, each price in another currency at the kept rates of its own day (decision 0077).
 */
export async function getGroupChart(
  view: GroupView,
  rates: Pick<RateSource, "days">,
  now: Date,
): Promise<GroupChart> {
  const { currency } = view.comparison;
  const points = view.members.flatMap((m) => m.points);
  const isMixed = points.some((p) => p.price && p.price.currency !== currency);
  const first = points.reduce<string | null>(
    (min, p) => (min === null || p.at < min ? p.at : min),
    null,
  );
  const days =
    isMixed && first ? await rates.days(first.slice(0, 10), now.toISOString().slice(0, 10)) : null;
  return groupChart(view.members, currency, days, now);
}

/** Groups to offer the person: their watches' products that share a GTIN, or brand and part number. */
export async function listGroupSuggestions(
  db: Pick<Db, "select">,
  userId: string,
): Promise<GroupSuggestion[]> {
  const rows = await db
    .select({
      watchId: watch.id,
      productId: watch.productId,
      groupId: watch.groupId,
      gtin: product.gtin,
      brand: product.brand,
      sku: product.sku,
    })
    .from(watch)
    .innerJoin(product, eq(product.id, watch.productId))
    .where(eq(watch.userId, userId))
    .orderBy(watch.createdAt);
  return suggestGroups(rows);
}

/** The watch ids of a person's watches in no group (for the by-hand form). */
export async function ungroupedWatchIds(db: Pick<Db, "select">, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: watch.id })
    .from(watch)
    .where(and(eq(watch.userId, userId), isNull(watch.groupId)));
  return rows.map((r) => r.id);
}
