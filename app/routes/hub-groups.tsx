import { data, Form, Link, redirect } from "react-router";
import { isAppError } from "../../core/errors.ts";
import { safeParseInput } from "../../core/input.ts";
import {
  CreateGroupInput,
  createGroup,
  listGroupSuggestions,
  listGroups,
  UpdateGroupInput,
  updateGroup,
} from "../../core/tracking/watch-groups.ts";
import { listWatches } from "../../core/tracking/watch-view.ts";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { servicesContext } from "../context.ts";
import { money } from "../lib/format.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/hub-groups";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () => [
  { title: "Groups · Dropwave" },
  { name: "description", content: "The same product at several stores, grouped and compared." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const userId = requireViewer(context).id;
  const { db } = context.get(servicesContext).database;
  const [groups, suggestions, watches] = await Promise.all([
    listGroups(db, userId),
    listGroupSuggestions(db, userId),
    listWatches(db, userId),
  ]);
  return {
    groups,
    suggestions,
    watches: watches.map((w) => ({
      id: w.id,
      title: w.title ?? w.url,
      store: w.store,
      price: w.price,
      groupId: w.groupId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = requireViewer(context).id;
  const { db } = context.get(servicesContext).database;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const watchIds = form.getAll("watchId").map(String);
  const now = new Date();
  try {
    if (intent === "join") {
      const parsed = safeParseInput(UpdateGroupInput, { addWatchIds: watchIds });
      if (!parsed.ok) return data({ error: parsed.fields[0]?.message ?? "Check the form." }, 400);
      const groupId = String(form.get("groupId") ?? "");
      await updateGroup(db, userId, groupId, parsed.value, now);
      return redirect(`/hub/group/${groupId}`);
    }
    if (intent === "create") {
      const name = String(form.get("name") ?? "").trim();
      // The same schema as POST /api/v1/groups, so the same refusals and messages.
      const parsed = safeParseInput(CreateGroupInput, {
        watchIds,
        ...(name ? { name } : {}),
      });
      if (!parsed.ok) return data({ error: parsed.fields[0]?.message ?? "Check the form." }, 400);
      const group = await createGroup(db, userId, parsed.value, now);
      return redirect(`/hub/group/${group.id}`);
    }
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      return data({ error: error.message }, 404);
    }
    throw error;
  }
  throw data("Unknown action", { status: 400 });
}

export default function GroupsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, suggestions, watches } = loaderData;
  const byId = new Map(watches.map((w) => [w.id, w]));
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-6 py-10">
      <Link to="/hub" className="text-sm text-accent-2 hover:underline">
        ← Back to your hub
      </Link>
      <h1 className="font-display text-3xl font-bold">Groups</h1>
      <p className="text-muted">
        The same product at several stores, on one page: every store's price and stock, their
        histories on one chart, the cheapest in stock now, and one alert for all of them.
      </p>
      {actionData?.error ? (
        <p role="alert" className="text-bad">
          {actionData.error}
        </p>
      ) : null}

      {suggestions.length > 0 ? (
        <section aria-labelledby="suggested-title" className={cardClass()}>
          <h2 id="suggested-title" className="font-display text-xl font-bold">
            Looks like the same product
          </h2>
          <ul className="mt-3 space-y-4">
            {suggestions.map((s) => (
              <li key={s.key} data-testid="group-suggestion">
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="intent" value={s.intoGroupId ? "join" : "create"} />
                  {s.intoGroupId ? (
                    <input type="hidden" name="groupId" value={s.intoGroupId} />
                  ) : null}
                  {s.watchIds.map((id) => (
                    <input key={id} type="hidden" name="watchId" value={id} />
                  ))}
                  <p className="text-sm text-muted">
                    {s.reason === "gtin"
                      ? "Same barcode (GTIN) on every page"
                      : "Same brand and part number on every page"}
                    {s.intoGroupId ? ` as in “${groupName.get(s.intoGroupId) ?? "a group"}”` : ""}
                  </p>
                  <ul className="text-sm">
                    {s.watchIds.map((id) => (
                      <li key={id}>
                        {byId.get(id)?.store}: {byId.get(id)?.title} ·{" "}
                        {money(byId.get(id)?.price ?? null)}
                      </li>
                    ))}
                  </ul>
                  <Button type="submit" size="sm">
                    {s.intoGroupId ? "Add to the group" : "Group these"}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="groups-title" className={cardClass()}>
        <h2 id="groups-title" className="font-display text-xl font-bold">
          Your groups
        </h2>
        {groups.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No groups yet.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {groups.map((g) => (
              <li key={g.id}>
                <Link to={`/hub/group/${g.id}`} className="font-semibold hover:underline">
                  {g.name}
                </Link>{" "}
                <span className="text-sm text-muted">
                  {g.watchIds.length} {g.watchIds.length === 1 ? "store" : "stores"}
                  {g.target ? ` · alert at or below ${money(g.target)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="by-hand-title" className={cardClass()}>
        <h2 id="by-hand-title" className="font-display text-xl font-bold">
          Group by hand
        </h2>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="create" />
          <fieldset className="space-y-1 text-sm">
            <legend className="mb-1 text-muted">The same product at these stores:</legend>
            {watches.map((w) => (
              <label key={w.id} className="flex items-center gap-2">
                <input type="checkbox" name="watchId" value={w.id} />
                <span>
                  {w.store}: {w.title} · {money(w.price)}
                  {w.groupId ? (
                    <span className="text-muted"> (in “{groupName.get(w.groupId)}”)</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label htmlFor="new-group-name">Name</label>
            <input
              id="new-group-name"
              name="name"
              placeholder="The first product's title"
              className={inputClass({ size: "sm", className: "w-64" })}
            />
            <Button type="submit" size="sm">
              Make the group
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
