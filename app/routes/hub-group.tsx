import { data, Form, Link, redirect } from "react-router";
import { getUserCountry } from "../../core/accounts/country.ts";
import { VERDICT_WORDS } from "../../core/checks/price-verdict.ts";
import { isAppError } from "../../core/errors.ts";
import { safeParseInput } from "../../core/input.ts";
import { decimalToMinor, minorToDecimal } from "../../core/money/index.ts";
import type { ReferenceRates } from "../../core/money/reference-rates.ts";
import { describeQuantity } from "../../core/money/unit-price.ts";
import {
  deleteGroup,
  getGroupChart,
  getGroupView,
  UpdateGroupInput,
  updateGroup,
} from "../../core/tracking/watch-groups.ts";
import { GroupChart } from "../components/hub/group-chart.tsx";
import { describeShipping, describeUnitPrice } from "../components/hub/landed-line.tsx";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { servicesContext } from "../context.ts";
import { flashCookie } from "../lib/flash.server.ts";
import { availabilityLabel, money, relativeTime } from "../lib/format.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/hub-group";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.group.name ?? "Group"} · Dropwave` },
  { name: "description", content: "One product at several stores, compared." },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = requireViewer(context).id;
  const services = context.get(servicesContext);
  const { db } = services.database;
  const now = new Date();
  let asked: Promise<ReferenceRates | null> | null = null;
  const rates = () => {
    asked ??= services.rates.current(now);
    return asked;
  };
  try {
    const group = await getGroupView(db, userId, params.id, {
      now,
      country: await getUserCountry(db, userId),
      rates,
    });
    // Today's rates were read (and kept) above when today's prices needed them.
    const chart = await getGroupChart(group, services.rates, now);
    return { group, chart, nowIso: now.toISOString() };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      throw data("No such group in your hub.", { status: 404 });
    }
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const userId = requireViewer(context).id;
  const { db } = context.get(servicesContext).database;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const now = new Date();
  try {
    if (intent === "delete") {
      await deleteGroup(db, userId, params.id);
      return redirect("/hub/groups", {
        headers: { "set-cookie": flashCookie({ kind: "success", message: "Group removed." }) },
      });
    }
    let raw: unknown;
    if (intent === "target") {
      const currency = String(form.get("currency") ?? "");
      const amount = String(form.get("amount") ?? "")
        .trim()
        .replace(",", ".");
      if (amount === "") raw = { target: null };
      else {
        const minor = decimalToMinor(amount, currency);
        if (minor === null) return data({ error: "Enter a price such as 49.99." }, 400);
        raw = { target: { amountMinor: minor, currency } };
      }
    } else if (intent === "rename") raw = { name: form.get("name") ?? "" };
    else if (intent === "remove") raw = { removeWatchIds: [String(form.get("watchId") ?? "")] };
    else throw data("Unknown action", { status: 400 });
    // The same schema as PATCH /api/v1/groups/:id, so the same refusals and messages.
    const parsed = safeParseInput(UpdateGroupInput, raw);
    if (!parsed.ok) return data({ error: parsed.fields[0]?.message ?? "Check the form." }, 400);
    await updateGroup(db, userId, params.id, parsed.value, now);
    return { error: null, saved: intent };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      throw data("No such group in your hub.", { status: 404 });
    }
    throw error;
  }
}

export default function GroupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { group, chart, nowIso } = loaderData;
  const { comparison } = group;
  const cheapest = comparison.cheapestInStock;
  const cheapestMember = group.members.find((m) => m.watchId === cheapest?.watchId);
  const rowOf = new Map(comparison.rows.map((r) => [r.watchId, r]));
  const { landed } = group;
  const landedOf = new Map(landed.rows.map((r) => [r.watchId, r]));
  const storeOf = (watchId: string | undefined) =>
    group.members.find((m) => m.watchId === watchId)?.store;
  const targetCurrency = group.target?.currency ?? comparison.currency ?? "EUR";
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-6 py-10">
      <Link to="/hub/groups" className="text-sm text-accent-2 hover:underline">
        ← Your groups
      </Link>
      <header className="space-y-2">
        <p className="text-sm text-muted">
          One product at {group.members.length} {group.members.length === 1 ? "store" : "stores"}
        </p>
        <h1 className="font-display text-3xl font-bold">{group.name}</h1>
        <p data-testid="group-cheapest" className="text-lg">
          {cheapest && cheapestMember ? (
            <>
              Cheapest in stock now: <strong className="text-good">{cheapestMember.store}</strong>{" "}
              at <strong>{money(cheapest.price)}</strong>
              {cheapest.price.currency !== cheapest.converted.currency
                ? ` (about ${money(cheapest.converted)})`
                : ""}
            </>
          ) : comparison.status === "rates_unavailable" ? (
            "Comparison unavailable: the exchange rates could not be read. Each store's price is shown in its own currency."
          ) : (
            "No store has it in stock now."
          )}
        </p>
        <p data-testid="group-landed" className="text-sm">
          {landed.cheapestLanded
            ? `Cheapest delivered: ${storeOf(landed.cheapestLanded.watchId)} at ${money(landed.cheapestLanded.landed)} with shipping.`
            : landed.unknownLanded > 0 && landed.rows.some((r) => r.landed)
              ? `Delivered prices compare once every store states its shipping (${landed.unknownLanded} in stock do not).`
              : ""}{" "}
          {landed.cheapestPerUnit && landed.per
            ? `Cheapest per ${describeQuantity(landed.per.perQuantity, landed.per.unit)}: ${storeOf(landed.cheapestPerUnit.watchId)} at ${describeUnitPrice(landed.cheapestPerUnit.unit)}.`
            : ""}
        </p>
        <p data-testid="group-comparison" className="text-sm text-muted">
          {comparison.status === "compared" && comparison.ratesDate
            ? `Compared in ${comparison.currency} at the European Central Bank's reference rates of ${comparison.ratesDate}; stores charge in their own currency.`
            : comparison.status === "rates_unavailable"
              ? `Prices in other currencies than ${comparison.currency} are not compared: the reference rates are unavailable right now.`
              : comparison.currency
                ? `All prices in ${comparison.currency}.`
                : ""}
        </p>
      </header>

      <section aria-labelledby="stores-title" className={cardClass()}>
        <h2 id="stores-title" className="font-display text-xl font-bold">
          Stores
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table data-testid="group-stores" className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-4 font-normal">Store</th>
                <th className="py-2 pr-4 font-normal">Price</th>
                <th className="py-2 pr-4 font-normal">
                  In {comparison.currency ?? "your currency"}
                </th>
                <th className="py-2 pr-4 font-normal">With shipping</th>
                <th className="py-2 pr-4 font-normal">
                  {landed.per
                    ? `Per ${describeQuantity(landed.per.perQuantity, landed.per.unit)}`
                    : "Unit price"}
                </th>
                <th className="py-2 pr-4 font-normal">Stock</th>
                <th className="py-2 pr-4 font-normal">Verdict</th>
                <th className="py-2 pr-4 font-normal">Checked</th>
                <th className="py-2 font-normal">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.members.map((m) => {
                const row = rowOf.get(m.watchId);
                const isCheapest = m.watchId === cheapest?.watchId;
                return (
                  <tr
                    key={m.watchId}
                    data-testid="group-store"
                    data-cheapest={isCheapest || undefined}
                    className={`border-t border-border ${isCheapest ? "bg-good/10" : ""}`}
                  >
                    <td className="py-2 pr-4">
                      <Link
                        to={`/hub/watch/${m.watchId}`}
                        className="font-semibold hover:underline"
                      >
                        {m.store}
                      </Link>
                      {isCheapest ? <span className="ml-2 text-good">Cheapest</span> : null}
                    </td>
                    <td className="py-2 pr-4 font-semibold">{money(m.price)}</td>
                    <td className="py-2 pr-4">
                      {row?.converted ? money(row.converted) : m.price ? "unavailable" : "—"}
                    </td>
                    <td className="py-2 pr-4" data-testid="group-store-landed">
                      {landedOf.get(m.watchId)?.landed
                        ? money(landedOf.get(m.watchId)?.landed)
                        : "—"}
                      <span className="block text-xs text-muted">
                        {describeShipping(m.price, m.shipping) ?? "shipping not stated"}
                      </span>
                    </td>
                    <td className="py-2 pr-4" data-testid="group-store-unit">
                      {landedOf.get(m.watchId)?.unit
                        ? describeUnitPrice(landedOf.get(m.watchId)!.unit!)
                        : m.unitPrice
                          ? describeUnitPrice(m.unitPrice)
                          : "—"}
                    </td>
                    <td className="py-2 pr-4">
                      {availabilityLabel[m.availability] ?? m.availability}
                    </td>
                    <td className="py-2 pr-4">{m.verdict ? VERDICT_WORDS[m.verdict] : "—"}</td>
                    <td className="py-2 pr-4 text-muted">
                      {m.lastError ?? relativeTime(m.lastCheckedAt, Date.parse(nowIso))}
                    </td>
                    <td className="py-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="watchId" value={m.watchId} />
                        <button type="submit" className="text-xs text-muted hover:underline">
                          Remove from group
                        </button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="group-chart-title" className={cardClass()}>
        <h2 id="group-chart-title" className="font-display text-xl font-bold">
          Price history, every store
        </h2>
        <div className="mt-3">
          <GroupChart chart={chart} />
        </div>
      </section>

      <section aria-labelledby="group-alert-title" className={cardClass()}>
        <h2 id="group-alert-title" className="font-display text-lg font-bold">
          One alert for the group
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <input type="hidden" name="intent" value="target" />
          <input type="hidden" name="currency" value={targetCurrency} />
          <label htmlFor="group-target">Alert me when any store in stock is at or below</label>
          <input
            id="group-target"
            name="amount"
            inputMode="decimal"
            placeholder="49.99"
            defaultValue={
              group.target ? minorToDecimal(group.target.amountMinor, group.target.currency) : ""
            }
            className={inputClass({ size: "sm", className: "w-28" })}
          />
          <span className="text-muted">{targetCurrency}</span>
          <Button type="submit" size="sm">
            Save alert
          </Button>
          {actionData && "saved" in actionData && actionData.saved === "target" ? (
            <span role="status" className="text-good">
              {group.target ? `Saved: any store at or below ${money(group.target)}.` : "Alert off."}
            </span>
          ) : null}
          {actionData?.error ? (
            <span role="alert" className="text-bad">
              {actionData.error}
            </span>
          ) : null}
        </Form>
        <p className="mt-2 text-xs text-muted">
          Leave it empty for no alert. Stores in another currency are compared at the reference
          rates; while they are unavailable, only stores in {targetCurrency} are judged. Each
          store's own alert settings apply: a snoozed store raises nothing, and a store set to "only
          a real deal" counts only with one.
        </p>
        <div className="mt-6 flex flex-wrap items-end gap-6">
          <Form method="post" className="flex items-center gap-2 text-sm">
            <input type="hidden" name="intent" value="rename" />
            <label htmlFor="group-name">Name</label>
            <input
              id="group-name"
              name="name"
              defaultValue={group.name}
              className={inputClass({ size: "sm", className: "w-64" })}
            />
            <Button type="submit" size="sm" variant="secondary">
              Rename
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="text-sm text-bad hover:underline">
              Remove the group (the watches stay)
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
