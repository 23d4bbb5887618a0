import type { WatchFilter, WatchSort } from "../../../core/tracking/watch-page.ts";
import type { WatchView } from "../../../core/tracking/watch-view.ts";

/**
 * The cards' sort and filter (#39 item 12): the same sorts as the dense list, by the same
 * measures (core/tracking/watch-page.ts's sortKey: the change since added as a ratio, the
 * distance to a below-target rule's target, the newest first; products without the measure
 * last), and the same words for them; read from and written to the address, so a reload, the
 * back button and a shared link keep them.
 */
/** Both hub views' sorts, in their words (a type import only: watch-page.ts is server code). */
export const SORT_LABELS: Record<WatchSort, string> = {
  newest: "Newest first",
  biggest_drop: "Biggest drop",
  closest_to_target: "Closest to target",
};
export const WATCH_SORTS = Object.keys(SORT_LABELS) as WatchSort[];

/** Both views' "Show" filters (the list's in SQL: watch-page.ts's showCondition). */
export const CARD_FILTERS = [
  "all",
  "dropped",
  "below_target",
  "errors",
  "paused",
] as const satisfies readonly WatchFilter[];
export type CardFilter = (typeof CARD_FILTERS)[number];
/** The "Show" choices, in their words, for both views. */
export const FILTER_LABELS: readonly (readonly [CardFilter, string])[] = [
  ["all", "All"],
  ["dropped", "Dropped since added"],
  ["below_target", "Below target"],
  ["errors", "With errors"],
  ["paused", "Paused"],
];

/** What the dense list was asked for; `store` "" is every store. */
export type ListFilters = { sort: WatchSort; q: string; show: WatchFilter; store: string };

/** The address's search for either view with these filters: defaults left out. */
export function listFilterParams(view: "list" | "cards", f: ListFilters): URLSearchParams {
  const params = new URLSearchParams({ view });
  if (f.sort !== "newest") params.set("sort", f.sort);
  if (f.show !== "all") params.set("show", f.show);
  if (f.store) params.set("store", f.store);
  if (f.q) params.set("q", f.q);
  return params;
}

export type CardView = { sort: WatchSort; filter: CardFilter; store: string; q: string };

export function cardViewFrom(params: URLSearchParams): CardView {
  const sort = params.get("sort");
  const filter = params.get("show");
  return {
    sort: (WATCH_SORTS as readonly string[]).includes(sort ?? "") ? (sort as WatchSort) : "newest",
    filter: (CARD_FILTERS as readonly string[]).includes(filter ?? "")
      ? (filter as CardFilter)
      : "all",
    store: params.get("store") || "all",
    q: params.get("q") ?? "",
  };
}

/** The address's search for a card view: defaults left out. */
export function cardViewParams(view: CardView): URLSearchParams {
  return listFilterParams("cards", {
    sort: view.sort,
    q: view.q,
    show: view.filter,
    store: view.store === "all" ? "" : view.store,
  });
}

const LAST = Number.POSITIVE_INFINITY;

function changeRatio(w: WatchView): number {
  const base = w.baseline;
  if (!w.price || !base || base.amountMinor <= 0 || base.currency !== w.price.currency) return LAST;
  return (w.price.amountMinor - base.amountMinor) / base.amountMinor;
}

function targetRatio(w: WatchView): number {
  if (w.rule.kind !== "below_target" || !w.price) return LAST;
  const target = w.rule.target;
  if (target.amountMinor <= 0 || target.currency !== w.price.currency) return LAST;
  return (w.price.amountMinor - target.amountMinor) / target.amountMinor;
}

function matches(w: WatchView, view: CardView): boolean {
  if (view.store !== "all" && w.store !== view.store) return false;
  if (view.q) {
    const q = view.q.toLowerCase();
    if (!`${w.title ?? ""} ${w.store}`.toLowerCase().includes(q)) return false;
  }
  switch (view.filter) {
    case "dropped":
      return (w.changeSinceAdded?.amountMinor ?? 0) < 0;
    case "below_target":
      return targetRatio(w) <= 0;
    case "errors":
      return w.lastError !== null;
    case "paused":
      return w.isPaused;
    case "all":
      return true;
  }
}

/** The cards shown, in order. */
export function orderCards<W extends WatchView>(watches: readonly W[], view: CardView): W[] {
  const key: Record<WatchSort, (w: WatchView) => number> = {
    newest: (w) => -Date.parse(w.createdAt),
    biggest_drop: changeRatio,
    closest_to_target: targetRatio,
  };
  const by = key[view.sort];
  return watches
    .filter((w) => matches(w, view))
    .map((w) => ({ w, k: by(w) }))
    .sort((a, b) => (a.k === b.k ? a.w.id.localeCompare(b.w.id) : a.k < b.k ? -1 : 1))
    .map(({ w }) => w);
}
