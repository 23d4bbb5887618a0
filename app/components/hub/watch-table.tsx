import { useId, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { WatchListItem, WatchPage } from "../../../core/tracking/watch-page.ts";
import { availabilityLabel, money } from "../../lib/format.ts";
import { http } from "../../lib/http.ts";
import { ProductImage, productImagePath } from "../product-image.tsx";
import { cardClass } from "../ui/card.tsx";
import { FILTER_LABELS, type ListFilters, SORT_LABELS } from "./card-order.ts";
import { LandedLine } from "./landed-line.tsx";
import { VerdictWords } from "./verdict-words.tsx";

/**
 * The dense hub list for people who track hundreds of products
 * (docs/decisions/0025-watch-list.md): one row per product, sorted and searched on
 * the server (the same listWatchPage as GET /api/v1/watches), 50 rows at a time with "Show
 * more" fetching the next page by cursor. Sorting, searching and the cards' Show and Store
 * filters (#39 item 12) are a GET form, so they work before hydration and the URL can be shared.
 */
const HEADINGS: readonly {
  label: string;
  isHidden?: boolean;
  isNumber?: boolean;
  /** A phone shows this column's facts elsewhere in the row (#39 item 8). */
  isWideOnly?: boolean;
}[] = [
  { label: "Picture", isHidden: true, isWideOnly: true },
  { label: "Product" },
  { label: "Price", isNumber: true },
  { label: "Since added", isNumber: true, isWideOnly: true },
  { label: "Trend" },
  { label: "Status", isWideOnly: true },
];

/** On a phone (below sm) a wide-only column is left out: its facts sit under the title or price. */
const WIDE_ONLY = "hidden sm:table-cell";

export function WatchTable({
  page,
  filters,
  stores,
}: {
  page: WatchPage;
  filters: ListFilters;
  /** The person's stores, for the Store choice. */
  stores: string[];
}) {
  const { sort, q, show, store } = filters;
  const isFiltered = show !== "all" || store !== "";
  const [rows, setRows] = useState<WatchListItem[]>(page.items);
  const [cursor, setCursor] = useState(page.nextCursor);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const submit = useSubmit();
  const searchId = useId();

  const showMore = async () => {
    if (!cursor) return;
    setState("loading");
    const params = new URLSearchParams({ sort, limit: "50", cursor, verdict: "1" });
    if (q) params.set("q", q);
    if (show !== "all") params.set("show", show);
    if (store) params.set("store", store);
    try {
      const next = await http<{ watches: WatchListItem[]; nextCursor: string | null }>(
        `/api/v1/watches?${params}`,
      );
      setRows((current) => [...current, ...next.watches]);
      setCursor(next.nextCursor);
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  return (
    <section aria-labelledby="watch-table-title" className="space-y-4">
      <h2 id="watch-table-title" className="sr-only">
        Tracked products
      </h2>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 text-sm"
        onChange={(e) => {
          // A new sort or filter applies at once; typing waits for Enter or the button.
          if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget);
        }}
      >
        <input type="hidden" name="view" value="list" />
        <label htmlFor={searchId} className="flex flex-col gap-1">
          Search by title or store
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            className="w-64 rounded-lg border border-border bg-surface px-3 py-1.5"
          />
        </label>
        <label className="flex flex-col gap-1">
          Sort
          <select
            name="sort"
            defaultValue={sort}
            className="rounded-lg border border-border bg-surface px-2 py-1.5"
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          Show
          <select
            name="show"
            defaultValue={show}
            className="rounded-lg border border-border bg-surface px-2 py-1.5"
          >
            {FILTER_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1">
          Store
          {/* As wide as its box, not its longest name: a long store name must not widen a phone's page (#39 item 8). */}
          <select
            name="store"
            defaultValue={store}
            className="min-w-0 max-w-[11rem] truncate rounded-lg border border-border bg-surface px-2 py-1.5"
          >
            <option value="">All stores</option>
            {stores.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-lg border border-border px-3 py-1.5 font-semibold hover:bg-surface-2"
        >
          Search
        </button>
      </Form>
      <p className="text-sm text-muted" aria-live="polite" data-testid="watch-table-count">
        {page.total === 0
          ? q
            ? `Nothing matches “${q}”.`
            : isFiltered
              ? "No products match these filters."
              : "Nothing tracked yet."
          : `Showing ${rows.length} of ${page.total}${q ? ` matching “${q}”` : ""}`}
      </p>
      {rows.length > 0 ? (
        <div className={cardClass({ padding: "none", className: "overflow-x-auto" })}>
          <table className="w-full text-left text-sm" data-testid="watch-table">
            <thead className="border-b border-border text-xs text-muted">
              <tr>
                {HEADINGS.map((h) => (
                  <th
                    key={h.label}
                    scope="col"
                    className={`px-2 py-2 sm:px-3${h.isNumber ? " text-right" : ""}${h.isWideOnly ? ` ${WIDE_ONLY}` : ""}`}
                  >
                    {h.isHidden ? <span className="sr-only">{h.label}</span> : h.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <WatchRow key={w.id} watch={w} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {cursor ? (
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => void showMore()}
            disabled={state === "loading"}
            className="rounded-lg border border-border px-4 py-2 text-sm font-semibold hover:bg-surface-2 disabled:opacity-70"
          >
            {state === "loading" ? "Loading…" : "Show more"}
          </button>
          {state === "failed" ? (
            <span role="alert" className="text-sm text-bad">
              Could not load more. Try again.
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function WatchRow({ watch: w }: { watch: WatchListItem }) {
  const change = w.changeSinceAdded;
  const status = w.isPaused
    ? "Paused"
    : w.hasError
      ? "Check failed"
      : w.toTargetPercent !== null && w.toTargetPercent <= 0
        ? "Below target"
        : (availabilityLabel[w.availability] ?? w.availability);
  const changeText =
    change && change.amountMinor !== 0 && w.price ? (
      <span className={change.amountMinor < 0 ? "font-semibold text-good" : "text-bad"}>
        {change.amountMinor < 0 ? "−" : "+"}
        {money({ amountMinor: Math.abs(change.amountMinor), currency: w.price.currency })} (
        {change.percent > 0 ? "+" : ""}
        {change.percent} %)
      </span>
    ) : null;
  return (
    <tr className="border-t border-border first:border-t-0" data-testid="watch-row">
      <td className={`px-3 py-1.5 ${WIDE_ONLY}`}>
        <div className="h-10 w-10 overflow-hidden rounded-md border border-border bg-bg text-xs">
          <ProductImage src={w.imageUrl ? productImagePath(w.productId) : null} />
        </div>
      </td>
      <td className="max-w-xs px-2 py-1.5 sm:px-3">
        {/* Two lines of the title, then an ellipsis: one line showed a word of it on a phone. */}
        <Link
          to={`/hub/watch/${w.id}`}
          className="line-clamp-2 font-semibold break-words hover:underline"
          data-testid="watch-row-title"
        >
          {w.title ?? "Untitled product"}
        </Link>
        <span className="line-clamp-1 text-xs text-muted" data-testid="watch-row-store">
          {w.store}
        </span>
        <span className="block text-xs sm:hidden" data-testid="watch-row-status">
          {status}
        </span>
      </td>
      <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap sm:px-3">
        <span className="font-bold" data-testid="watch-row-price">
          {money(w.price)}
        </span>
        {w.isLowestEver && !w.verdict ? (
          <span className="ml-1.5 rounded bg-good/15 px-1 text-xs font-semibold text-good">
            lowest
          </span>
        ) : null}
        {w.verdict ? (
          <VerdictWords verdict={w.verdict} className="block text-xs" testId="watch-row-verdict" />
        ) : null}
        {/* The card's shipping, price with shipping and unit price (0079), one per line. */}
        <LandedLine {...w} className="flex-col items-end text-xs whitespace-normal text-muted" />
        {changeText ? <span className="block text-xs sm:hidden">{changeText}</span> : null}
        {w.target ? (
          <span className="block text-xs text-muted">
            target {money(w.target)}
            {w.toTargetPercent !== null && w.toTargetPercent > 0
              ? ` (+${w.toTargetPercent} %)`
              : ""}
          </span>
        ) : null}
      </td>
      <td
        className={`px-3 py-1.5 text-right tabular-nums whitespace-nowrap ${WIDE_ONLY}`}
        data-testid="watch-row-change"
        data-percent={change?.percent ?? ""}
      >
        {changeText ?? <span className="text-muted">—</span>}
      </td>
      <td className="px-2 py-1.5 sm:px-3" data-testid="watch-row-trend">
        <Sparkline values={w.sparkline} />
      </td>
      <td className={`px-3 py-1.5 whitespace-nowrap ${WIDE_ONLY}`}>
        <span data-testid="watch-row-status">{status}</span>
      </td>
    </tr>
  );
}

const SPARK_WIDTH = 96;
const SPARK_HEIGHT = 24;

/** A step line of the recent prices: SVG attributes only (no inline style, CSP-safe). */
export function Sparkline({ values }: { values: number[] }) {
  if (values.length < 2) return <span className="text-xs text-muted">—</span>;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = SPARK_WIDTH / (values.length - 1);
  const y = (v: number) => (SPARK_HEIGHT - 2 - ((v - low) / span) * (SPARK_HEIGHT - 4)).toFixed(1);
  let d = `M0 ${y(values[0] as number)}`;
  values.slice(1).forEach((v, i) => {
    d += ` H${((i + 1) * step).toFixed(1)} V${y(v)}`;
  });
  const falling = (values.at(-1) as number) < (values[0] as number);
  return (
    <svg
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      // Narrower on a phone, so the title keeps its room.
      className={`w-14 sm:w-24 ${falling ? "text-good" : "text-accent-2"}`}
    >
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
