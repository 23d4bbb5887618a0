import { type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useRevalidator } from "react-router";
import { eventLabel, isEventKind } from "../../core/checks/alert-kinds.ts";
import { checkNow } from "../../core/checks/check-now.ts";
import { describeRuleStatus } from "../../core/checks/describe-rule-status.ts";
import { describeEuLowest30d } from "../../core/checks/eu-lowest-30d.ts";
import { describeShare, type PriceVerdict } from "../../core/checks/price-verdict.ts";
import { describeReference, type ReferenceCheck } from "../../core/checks/reference-check.ts";
import { SnoozeInput } from "../../core/checks/snooze.ts";
import { isAppError } from "../../core/errors.ts";
import { minorToDecimal } from "../../core/money/decimal-to-minor.ts";
import { deleteWatch, updateWatch } from "../../core/tracking/update-watch.ts";
import { getWatchHistory } from "../../core/tracking/watch-history.ts";
import { getWatch } from "../../core/tracking/watch-view.ts";
import { LandedLine } from "../components/hub/landed-line.tsx";
import { PriceChart } from "../components/hub/price-chart.tsx";
import { IntervalSelect, RuleFields } from "../components/hub/rule-fields.tsx";
import { VerdictWords } from "../components/hub/verdict-words.tsx";
import { ProductImage, productImagePath } from "../components/product-image.tsx";
import { Button, ExternalButtonLink } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { Dialog, preloadDialog } from "../components/ui/dialog.tsx";
import { servicesContext } from "../context.ts";
import { flashCookie } from "../lib/flash.server.ts";
import {
  availabilityLabel,
  describeInterval,
  describeRule,
  money,
  relativeTime,
} from "../lib/format.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { formFailure, parseUpdateForm } from "../lib/hub-forms.server.ts";
import { onDemand } from "../lib/on-demand.ts";
import { readForm } from "../lib/read-form.server.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/hub-watch";

export const middleware = authGuard("required");

// Below the fold and the only user of TanStack Query here: its own chunk, fetched once the page
// is hydrated; the server renders its placeholder (see LazyNotificationBell for why not Suspense).
const watchChannels = onDemand<{ watchId: string }>(() =>
  import("../components/watch-channels.tsx").then((m) => ({ default: m.WatchChannels })),
);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.watch.title ?? "Product"} · Dropwave` },
  { name: "description", content: "Price history and alerts for a tracked product." },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = requireViewer(context).id;
  const { db } = context.get(servicesContext).database;
  const watch = await getWatch(db, userId, params.id);
  if (!watch) throw data("No such product in your hub.", { status: 404 });
  const now = new Date();
  const history = await getWatchHistory(db, userId, params.id, now);
  return {
    watch,
    history,
    nowIso: now.toISOString(),
    minIntervalMinutes: (await context.get(servicesContext).billing.limitsFor(userId))
      .minIntervalMinutes,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = requireViewer(context).id;
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "check") {
      const requestedAt = new Date();
      await checkNow(services.database, userId, params.id, requestedAt);
      return { checkRequestedAt: requestedAt.toISOString() };
    }
    if (intent === "delete") {
      await deleteWatch(services.database.db, userId, params.id);
      return redirect("/hub", {
        headers: {
          "set-cookie": flashCookie({ kind: "success", message: "Stopped tracking the product." }),
        },
      });
    }
    if (intent === "snooze") {
      const parsed = SnoozeInput.safeParse({ snooze: form.get("snooze") });
      if (!parsed.success) throw data("Choose a day, a week, or off.", { status: 400 });
      const watch = await updateWatch(
        services.database.db,
        {
          userId,
          minIntervalMinutes: (await services.billing.limitsFor(userId)).minIntervalMinutes,
          now: new Date(),
        },
        params.id,
        { snooze: parsed.data.snooze },
      );
      return { error: null, snoozedUntil: watch.snoozedUntil };
    }
    if (intent === "update") {
      // The same schema as PATCH /api/v1/watches/:id, so the same refusals and messages.
      const parsed = parseUpdateForm(form);
      if (!parsed.ok) return data({ error: parsed }, 400);
      const watch = await updateWatch(
        services.database.db,
        {
          userId,
          minIntervalMinutes: (await services.billing.limitsFor(userId)).minIntervalMinutes,
          now: new Date(),
        },
        params.id,
        parsed.value,
      );
      return { error: null, saved: true, ruleMessage: describeRuleStatus(watch).message };
    }
  } catch (error) {
    if (isAppError(error) && error.code === "not_found")
      throw data("No such product in your hub.", { status: 404 });
    if (isAppError(error) && error.fields)
      return data({ error: formFailure(error.fields) }, error.status);
    throw error;
  }
  throw data("Unknown action", { status: 400 });
}

/**
 * "Check now": asks for a check ahead of the schedule, then reloads this page's data every
 * second until the check has landed (or 45 s pass), and says how it went.
 */
function CheckNowButton({
  lastCheckedAt,
  lastError,
  price,
}: {
  lastCheckedAt: string | null;
  lastError: string | null;
  price: string;
}) {
  const check = useFetcher<{ checkRequestedAt: string }>();
  const { revalidate } = useRevalidator();
  const requestedAt = check.data?.checkRequestedAt ?? null;
  const announced = useRef<string | null>(null);
  const isWaiting = requestedAt !== null && announced.current !== requestedAt;
  const isDone = requestedAt !== null && lastCheckedAt !== null && lastCheckedAt >= requestedAt;

  useEffect(() => {
    if (!isWaiting || isDone) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > 45_000) {
        window.clearInterval(timer);
        announced.current = requestedAt;
        toast.info("The check is queued; results will show here when it runs.");
        return;
      }
      void revalidate();
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [isWaiting, isDone, requestedAt, revalidate]);

  useEffect(() => {
    if (requestedAt && isDone && announced.current !== requestedAt) {
      announced.current = requestedAt;
      if (lastError) toast.error(lastError);
      else toast.success(`Checked just now: ${price}`);
    }
  }, [requestedAt, isDone, lastError, price]);

  const isBusy = check.state !== "idle" || (isWaiting && !isDone);
  return (
    <check.Form method="post">
      <input type="hidden" name="intent" value="check" />
      <Button type="submit" variant="outline" disabled={isBusy}>
        {isBusy ? "Checking…" : "Check now"}
      </Button>
    </check.Form>
  );
}

/** Deleting a watch drops its history and alerts: ask first, in a dialog. */
function StopTracking({ title }: { title: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div className="mt-6">
      <button
        type="button"
        className="text-sm text-bad hover:underline"
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => setOpen(true)}
      >
        Stop tracking this product
      </button>
      <Dialog isOpen={isOpen} onOpenChange={setOpen} title={`Stop tracking ${title}?`}>
        <p className="text-muted">
          Its price history and sent alerts are deleted with it. This cannot be undone.
        </p>
        <Form method="post" className="flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep tracking
          </Button>
          <Button type="submit" variant="danger">
            Stop tracking
          </Button>
        </Form>
      </Dialog>
    </div>
  );
}

export default function WatchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { watch: w, history, nowIso, minIntervalMinutes } = loaderData;
  const ruleDefaults =
    w.rule.kind === "below_target"
      ? { amount: minorToDecimal(w.rule.target.amountMinor, w.rule.target.currency) }
      : w.rule.kind === "rises_above"
        ? { amount: minorToDecimal(w.rule.threshold.amountMinor, w.rule.threshold.currency) }
        : {};
  const stockChanges = history.points.filter(
    (p, i) => i === 0 || p.availability !== history.points[i - 1]?.availability,
  );
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-6 py-10">
      <Link to="/hub" className="text-sm text-accent-2 hover:underline">
        ← Back to your hub
      </Link>
      <header className="flex flex-col gap-6 md:flex-row">
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-2xl border border-border bg-surface sm:h-40 sm:w-40">
          <ProductImage src={w.imageUrl ? productImagePath(w.productId) : null} isMain />
        </div>
        <div className="space-y-2">
          <p className="text-sm text-muted">{w.store}</p>
          <h1 className="font-display text-2xl font-bold">{w.title ?? w.url}</h1>
          <p className="text-4xl font-black text-accent">{money(w.price)}</p>
          <LandedLine {...w} />
          <VerdictLine verdict={history.verdict} />
          <ReferenceLine check={history.reference} nowIso={nowIso} />
          {history.euLowest30d ? (
            <p
              data-testid="eu-lowest-30d"
              data-key={history.euLowest30d.key}
              className={
                history.euLowest30d.key === "higher_than_seen"
                  ? "text-sm font-semibold text-bad"
                  : "text-sm text-muted"
              }
            >
              {describeEuLowest30d(history.euLowest30d)}
            </p>
          ) : null}
          <p className="text-sm">
            {availabilityLabel[w.availability] ?? w.availability} · {describeRule(w.rule)}
            {w.onlyRealDeal ? " (only a real deal)" : ""} · {describeInterval(w.intervalMinutes)}
          </p>
          <p className={w.lastError ? "text-sm text-warn" : "text-sm text-muted"}>
            {w.lastError
              ? `${w.lastError} — retrying ${relativeTime(w.nextCheckAt)}`
              : `Checked ${relativeTime(w.lastCheckedAt)} · next ${relativeTime(w.nextCheckAt)}`}
          </p>
          <div className="flex flex-wrap gap-3">
            <ExternalButtonLink href={w.url}>Open in the store ↗</ExternalButtonLink>
            <Link
              to={w.groupId ? `/hub/group/${w.groupId}` : "/hub/groups"}
              className="self-center text-sm text-accent-2 hover:underline"
              data-testid="compare-stores"
            >
              {w.groupId ? "Compare stores →" : "Group with other stores"}
            </Link>
            <CheckNowButton
              lastCheckedAt={w.lastCheckedAt}
              lastError={w.lastError}
              price={money(w.price)}
            />
          </div>
        </div>
      </header>

      <WatchSection id="chart" title="Price history" size="text-xl">
        <dl className="mt-2 flex flex-wrap gap-6 text-sm">
          <Stat label="Lowest" tone="text-good" value={money(history.stats.lowest)} />
          <Stat label="Highest" tone="text-bad" value={money(history.stats.highest)} />
          <Stat label="Average, time-weighted" value={money(history.stats.average)} />
          <Stat label="Checks" value={history.stats.checks} />
        </dl>
        <VerdictFigures verdict={history.verdict} />
        <div className="mt-4">
          <PriceChart
            points={history.points}
            stats={history.stats}
            nowIso={nowIso}
            target={w.rule.kind === "below_target" ? w.rule.target : null}
          />
        </div>
      </WatchSection>

      <div className="grid gap-6 md:grid-cols-2">
        <WatchSection id="stock" title="Availability history">
          <ul className="mt-3 space-y-1 text-sm">
            {stockChanges.map((p) => (
              <li key={p.at}>
                {new Date(p.at).toLocaleString()} —{" "}
                {availabilityLabel[p.availability] ?? p.availability}
              </li>
            ))}
          </ul>
        </WatchSection>
        <WatchSection id="alerts" title="Alerts sent">
          {history.alerts.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No alerts yet.</p>
          ) : (
            <ul className="mt-3 space-y-1 text-sm">
              {history.alerts.map((a) => (
                <li key={a.id}>
                  {new Date(a.createdAt).toLocaleString()} —{" "}
                  {isEventKind(a.kind) ? eventLabel(a.kind).toLowerCase() : a.kind}:{" "}
                  {money(a.oldPrice)} → {money(a.newPrice)}
                </li>
              ))}
            </ul>
          )}
        </WatchSection>
      </div>

      <WatchSection id="edit" title="Alert">
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="update" />
          <RuleFields
            currency={w.price?.currency ?? w.baseline?.currency ?? null}
            defaultKind={w.rule.kind}
            defaultAmount={ruleDefaults.amount}
            defaultPercent={w.rule.kind === "percent_drop" ? String(w.rule.percent) : undefined}
            defaultDays={w.rule.kind === "lowest_in_days" ? String(w.rule.days) : undefined}
            onlyRealDeal={w.onlyRealDeal}
            error={actionData?.error ?? null}
          />
          <div className="flex flex-wrap items-center gap-4">
            <IntervalSelect minMinutes={minIntervalMinutes} defaultValue={w.intervalMinutes} />
            <Button type="submit">Save alert</Button>
            {actionData && "saved" in actionData ? (
              <span role="status" className="text-sm text-good">
                Saved. {actionData.ruleMessage}
              </span>
            ) : null}
            {actionData?.error &&
            !["amount", "percent", "days", "ruleKind"].includes(actionData.error.field) ? (
              <span role="alert" className="text-sm text-bad">
                {actionData.error.message}
              </span>
            ) : null}
          </div>
        </Form>
        <SnoozeForm snoozedUntil={w.snoozedUntil} nowIso={nowIso} />
        <div className="mt-6">
          <WatchChannelsWhenLoaded watchId={w.id} />
        </div>
        <StopTracking title={w.title ?? "this product"} />
      </WatchSection>
    </div>
  );
}

/** Snooze this product's alerts for a day or a week (checks go on), or end a snooze. */
function SnoozeForm({ snoozedUntil, nowIso }: { snoozedUntil: string | null; nowIso: string }) {
  const isSnoozed = snoozedUntil !== null && snoozedUntil > nowIso;
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
      <input type="hidden" name="intent" value="snooze" />
      {isSnoozed ? (
        <>
          <span data-testid="snoozed">
            Alerts snoozed until {new Date(snoozedUntil).toLocaleString()}.
          </span>
          <Button type="submit" name="snooze" value="off" variant="secondary" size="sm">
            Wake alerts now
          </Button>
        </>
      ) : (
        <>
          <span className="text-muted">Too many alerts?</span>
          <Button type="submit" name="snooze" value="day" variant="secondary" size="sm">
            Snooze a day
          </Button>
          <Button type="submit" name="snooze" value="week" variant="secondary" size="sm">
            Snooze a week
          </Button>
        </>
      )}
    </Form>
  );
}

function WatchChannelsWhenLoaded({ watchId }: { watchId: string }) {
  const WatchChannels = watchChannels.useComponent(true);
  return WatchChannels ? (
    <WatchChannels watchId={watchId} />
  ) : (
    <p className="text-sm text-muted">Loading channels…</p>
  );
}

/** One card of the watch page: a section named by its heading. */
function WatchSection({
  id,
  title,
  size = "text-lg",
  children,
}: {
  id: string;
  title: string;
  size?: "text-lg" | "text-xl";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass()}>
      <h2 id={`${id}-title`} className={`font-display ${size} font-bold`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One figure of the price history's summary. */
function Stat({
  label,
  value,
  tone,
}: {
  label: string;
  value: ReactNode;
  tone?: "text-good" | "text-bad";
}) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={tone ? `font-semibold ${tone}` : "font-semibold"}>{value}</dd>
    </div>
  );
}

/** Where today's price stands against the history, in words (decision 0061). */
function VerdictLine({ verdict }: { verdict: PriceVerdict }) {
  if (verdict.key === "no_price") return null;
  const share = describeShare(verdict);
  return (
    <p data-testid="price-verdict" className="text-sm">
      <VerdictWords verdict={verdict.key} />
      {share ? <span className="text-muted"> · {share}</span> : null}
    </p>
  );
}

/** The verdict's figures: low and high of each window, and the all-time low. */
function VerdictFigures({ verdict }: { verdict: PriceVerdict }) {
  if (verdict.key === "no_price") return null;
  return (
    <dl data-testid="price-verdict-figures" className="mt-3 flex flex-wrap gap-6 text-sm">
      {verdict.windows.map((w) => (
        <Stat
          key={w.days}
          label={`${w.days} days${w.isCovered ? "" : " (partly seen)"}`}
          value={w.low ? `${money(w.low)} – ${money(w.high)}` : "—"}
        />
      ))}
      <Stat label="All-time low" tone="text-good" value={money(verdict.allTimeLow)} />
    </dl>
  );
}

const REFERENCE_TONES: Record<ReferenceCheck["key"], string> = {
  charged: "text-good",
  inflated: "font-semibold text-bad",
  not_enough_history: "text-muted",
};

/** The page's "was" price checked against the history (decision 0062). */
function ReferenceLine({ check, nowIso }: { check: ReferenceCheck | null; nowIso: string }) {
  if (!check) return null;
  return (
    <p
      data-testid="reference-check"
      data-key={check.key}
      className={`text-sm ${REFERENCE_TONES[check.key]}`}
    >
      {describeReference(check, new Date(nowIso))}
    </p>
  );
}
