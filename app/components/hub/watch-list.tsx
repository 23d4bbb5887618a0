import { useMemo, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { VerdictKey } from "../../../core/checks/price-verdict.ts";
import type { WatchView } from "../../../core/tracking/watch-view.ts";
import {
  availabilityLabel,
  describeInterval,
  describeRule,
  money,
  relativeTime,
} from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { ProductImage, productImagePath } from "../product-image.tsx";
import { cardClass } from "../ui/card.tsx";
import {
  type CardView,
  cardViewFrom,
  cardViewParams,
  FILTER_LABELS,
  orderCards,
  SORT_LABELS,
  WATCH_SORTS,
} from "./card-order.ts";
import { LandedLine } from "./landed-line.tsx";
import { NoPriceNotice, noPriceReason } from "./no-price-notice.tsx";
import { VerdictWords } from "./verdict-words.tsx";

/** A card's watch: the view and where its price stands (null: no claim; decision 0061). */
export type WatchCardData = WatchView & { verdict: VerdictKey | null };

export function WatchList({ watches }: { watches: WatchCardData[] }) {
  // Sort, filter, store and search live in the address (#39 item 12): kept on reload and back,
  // shared by a link, and the same sorts as the dense list.
  const [params, setParams] = useSearchParams();
  const view = cardViewFrom(params);
  const change = (next: Partial<CardView>) =>
    setParams(cardViewParams({ ...view, ...next }), { replace: true, preventScrollReset: true });
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const remove = useFetcher();

  const stores = useMemo(() => [...new Set(watches.map((w) => w.store))].sort(), [watches]);
  const visible = useMemo(() => watches.filter((w) => !hidden.has(w.id)), [watches, hidden]);
  const shown = orderCards(visible, view);

  const removeWithUndo = (w: WatchCardData) => {
    setHidden((h) => new Set(h).add(w.id));
    let isUndone = false;
    const finish = () => {
      if (isUndone) return;
      remove.submit({ intent: "delete", watchId: w.id }, { method: "post", action: "/hub" });
    };
    toast(`Stopped tracking ${w.title ?? "the product"}`, {
      duration: 5_000,
      action: {
        label: "Undo",
        onClick: () => {
          isUndone = true;
          setHidden((h) => {
            const next = new Set(h);
            next.delete(w.id);
            return next;
          });
        },
      },
      onAutoClose: finish,
      onDismiss: finish,
    });
  };

  return (
    <section aria-labelledby="watches-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="watches-title" className="font-display text-xl font-bold">
          Your products{" "}
          <span className="text-muted" data-testid="card-count">
            {/* The count says what the filter leaves (#39 item 12). */}
            {shown.length === visible.length
              ? `(${visible.length})`
              : `(${shown.length} of ${visible.length})`}
          </span>
        </h2>
        <div className="flex flex-wrap gap-2 text-sm">
          <ListControl
            label="Show"
            value={view.filter}
            onChange={(filter) => change({ filter })}
            options={FILTER_LABELS}
          />
          <ListControl
            label="Store"
            value={view.store}
            onChange={(store) => change({ store })}
            options={[["all", "All stores"], ...stores.map((s) => [s, s] as const)]}
          />
          <ListControl
            label="Sort"
            value={view.sort}
            onChange={(sort) => change({ sort })}
            options={WATCH_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
          />
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted">
          No products match these filters.
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {shown.map((w) => (
            <WatchCard key={w.id} watch={w} onRemove={() => removeWithUndo(w)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A labelled select that filters or sorts the list. */
function ListControl<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** [value, label] pairs */
  options: readonly (readonly [T, string])[];
}) {
  return (
    <label className="flex min-w-0 max-w-full items-center gap-1">
      {label}
      {/* A select is as wide as its longest option: a long store name must not widen the page (#39 item 8). */}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="min-w-0 max-w-[11rem] truncate rounded-lg border border-border bg-surface px-2 py-1"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

function WatchCard({ watch: w, onRemove }: { watch: WatchCardData; onRemove: () => void }) {
  const pause = useFetcher();
  const change = w.changeSinceAdded;
  const noPrice = noPriceReason(w);
  const status = w.lastError
    ? `${w.lastError} — retrying ${relativeTime(w.nextCheckAt)}`
    : `Checked ${relativeTime(w.lastCheckedAt)}`;
  return (
    <li className={cardClass({ padding: "sm", className: "flex gap-4" })} data-testid="watch-card">
      <div className="h-24 w-24 shrink-0 overflow-hidden rounded-xl border border-border bg-bg">
        <ProductImage src={w.imageUrl ? productImagePath(w.productId) : null} />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs text-muted">{w.store}</p>
        <Link to={`/hub/watch/${w.id}`} className="line-clamp-2 font-semibold hover:underline">
          {w.title ?? w.url}
        </Link>
        <p className="flex flex-wrap items-baseline gap-x-3">
          {w.price ? (
            <span className="text-2xl font-black">{money(w.price)}</span>
          ) : (
            <span className="font-semibold text-muted">No price</span>
          )}
          {change && change.amountMinor !== 0 ? (
            <span
              className={
                change.amountMinor < 0 ? "font-semibold text-good" : "font-semibold text-bad"
              }
            >
              {change.amountMinor < 0 ? "▼" : "▲"}{" "}
              {money({ amountMinor: Math.abs(change.amountMinor), currency: w.price!.currency })} (
              {change.percent > 0 ? "+" : ""}
              {change.percent} %)
            </span>
          ) : null}
          <span className="text-sm text-muted">
            {availabilityLabel[w.availability] ?? w.availability}
          </span>
          {w.verdict ? (
            <VerdictWords verdict={w.verdict} className="text-sm" testId="card-verdict" />
          ) : null}
        </p>
        <LandedLine {...w} />
        {noPrice ? <NoPriceNotice watchId={w.id} reason={noPrice} rule={w.rule} /> : null}
        <p className="text-xs text-muted" data-testid="card-facts">
          {/* No "Low — · High —" before there is a price (#39 item 5). */}
          {w.lowest && w.highest ? `Low ${money(w.lowest)} · High ${money(w.highest)} · ` : ""}
          {describeRule(w.rule)} · {describeInterval(w.intervalMinutes)}
          {w.isPaused ? " · paused" : ""}
        </p>
        <p className={w.lastError ? "text-xs text-warn" : "text-xs text-muted"}>{status}</p>
        <div className="flex gap-3 pt-1 text-sm">
          <pause.Form method="post" action="/hub">
            <input type="hidden" name="intent" value={w.isPaused ? "resume" : "pause"} />
            <input type="hidden" name="watchId" value={w.id} />
            <button type="submit" className="text-accent-2 hover:underline">
              {w.isPaused ? "Resume" : "Pause"}
            </button>
          </pause.Form>
          <Link to={`/hub/watch/${w.id}`} className="text-accent-2 hover:underline">
            History & alert
          </Link>
          <button type="button" onClick={onRemove} className="text-bad hover:underline">
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}

export function EmptyState({ publicUrl }: { publicUrl: string }) {
  const bookmarklet = `javascript:(function(){location.href=${JSON.stringify(`${publicUrl}/hub?url=`)}+encodeURIComponent(location.href)})()`;
  return (
    <section
      className="rounded-2xl border border-dashed border-border bg-surface-2 p-8"
      aria-labelledby="empty-title"
    >
      <h2 id="empty-title" className="font-display text-xl font-bold">
        Nothing tracked yet
      </h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-muted">
        <li>Open a product page on any store and copy its address.</li>
        <li>Paste it into the field above: Dropwave shows the price it reads.</li>
        <li>Choose when to be alerted and press “Start tracking”.</li>
      </ol>
      <p className="mt-6 text-sm">
        One click from any store page: drag this to your bookmarks bar —{" "}
        <a
          ref={(a) => {
            // React refuses javascript: URLs in JSX; a bookmarklet needs exactly that.
            a?.setAttribute("href", bookmarklet);
          }}
          href="/hub"
          className="rounded-lg border border-accent px-2 py-1 font-semibold text-accent"
          onClick={(event) => event.preventDefault()}
        >
          + Dropwave
        </a>
      </p>
      <p className="mt-2 text-xs text-muted">
        On a phone, install Dropwave from the browser menu (Add to Home screen) and share store
        pages to it. On a computer,{" "}
        <a className="underline" href="/user#connect-extension">
          install the browser extension
        </a>
        : it tracks at the price you see, also on stores that block Dropwave.
      </p>
    </section>
  );
}
