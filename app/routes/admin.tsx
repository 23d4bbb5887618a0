import { data, Form } from "react-router";
import { isOperator } from "../../core/operator/admin-access.ts";
import { getAdminOverview } from "../../core/operator/admin-overview.ts";
import {
  listStoreRecipes,
  RemoveStoreRecipeInput,
  removeStoreRecipe,
} from "../../core/operator/store-recipes.ts";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { servicesContext, viewerContext } from "../context.ts";
import { money, relativeTime } from "../lib/format.ts";
import { authGuard } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/admin";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Operator", "How this Dropwave instance is doing: users, checks, stores, deliveries.");

/** Only the operator (ADMIN_EMAILS, or the first account); anyone else sees a plain 404. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  if (!(await isOperator(services.database.db, services.env.ADMIN_EMAILS, viewer)))
    throw data("Not Found", { status: 404 });
  const [overview, storeRecipes] = await Promise.all([
    getAdminOverview(services.database.db, new Date()),
    listStoreRecipes(services.database.db),
  ]);
  return { overview, storeRecipes };
}

/** The operator removes a store's price recipe (docs/decisions/0048). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  if (!(await isOperator(services.database.db, services.env.ADMIN_EMAILS, viewer)))
    throw data("Not Found", { status: 404 });
  const form = await readForm(request);
  if (form.get("intent") !== "remove-store-recipe") throw data("Unknown action", { status: 400 });
  const input = RemoveStoreRecipeInput.safeParse({ host: form.get("host") });
  if (!input.success) throw data("Name the store whose price spot to remove.", { status: 400 });
  const { isRemoved } = await removeStoreRecipe(services.database.db, input.data);
  return { removed: isRemoved ? input.data.host : null };
}

const th = "px-3 py-2 text-left font-semibold";
const td = "px-3 py-2 align-top";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={cardClass({ className: "overflow-x-auto" })} aria-label={title}>
      <h2 className="font-display text-lg font-bold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const o = loaderData.overview;
  const lagMinutes = Math.round(o.queue.lagSeconds / 60);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-6 py-10">
      <h1 className="font-display text-3xl font-black">Operator</h1>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="admin-totals">
        {[
          ["People", o.totals.users],
          ["Products", o.totals.products],
          ["Watches", o.totals.watches],
          ["Checked in the last hour", o.checkedLastHour],
          [
            "Queue",
            o.queue.dueNow === 0 ? "on time" : `${o.queue.dueNow} due, ${lagMinutes} min late`,
          ],
        ].map(([label, value]) => (
          <div key={String(label)} className={cardClass({ padding: "sm" })}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="mt-1 font-mono text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      <Section title="Stores that block server checks">
        {o.blockingStores.length === 0 ? (
          <Empty>No store answers this server with a bot wall.</Empty>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Store</th>
                <th className={th}>Products</th>
                <th className={th}>Last check</th>
              </tr>
            </thead>
            <tbody>
              {o.blockingStores.map((s) => (
                <tr key={s.host} className="border-t border-border">
                  <td className={td}>{s.host}</td>
                  <td className={td}>{s.products}</td>
                  <td className={td}>{s.lastCheckedAt ? relativeTime(s.lastCheckedAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Failing checks by store and reason">
        {o.failures.length === 0 ? (
          <Empty>Every product's last check worked.</Empty>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Store</th>
                <th className={th}>Reason</th>
                <th className={th}>Products</th>
              </tr>
            </thead>
            <tbody>
              {o.failures.map((f) => (
                <tr key={`${f.store}-${f.reason}`} className="border-t border-border">
                  <td className={td}>{f.store}</td>
                  <td className={td}>{f.words}</td>
                  <td className={td}>{f.products}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Failed deliveries, last 7 days">
        {o.deliveryFailures.length === 0 ? (
          <Empty>No delivery failed this week.</Empty>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Channel</th>
                <th className={th}>Failed</th>
                <th className={th}>Last error</th>
              </tr>
            </thead>
            <tbody>
              {o.deliveryFailures.map((d) => (
                <tr key={d.kind} className="border-t border-border">
                  <td className={td}>{d.kind}</td>
                  <td className={td}>{d.failed}</td>
                  <td className={td}>{d.lastError ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Store price spots">
        {actionData?.removed && (
          <p className="mb-2 text-sm" role="status">
            Removed the price spot of {actionData.removed}.
          </p>
        )}
        {loaderData.storeRecipes.length === 0 ? (
          <Empty>Nobody's pick has been confirmed as a store's price spot.</Empty>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Store</th>
                <th className={th}>Picked by</th>
                <th className={th}>Label and price seen</th>
                <th className={th}>Picked</th>
                <th className={th}>
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.storeRecipes.map((r) => (
                <tr key={r.host} className="border-t border-border">
                  <td className={td}>{r.host}</td>
                  <td className={td}>{r.pickedBy ?? "an account since deleted"}</td>
                  <td className={td}>
                    {r.label || "—"} · {money(r.sample)}
                  </td>
                  <td className={td}>{relativeTime(r.updatedAt)}</td>
                  <td className={td}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-store-recipe" />
                      <input type="hidden" name="host" value={r.host} />
                      <Button type="submit" variant="secondary" size="sm">
                        Remove
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="People">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Email</th>
              <th className={th}>Since</th>
              <th className={th}>Watches</th>
              <th className={th}>Channels</th>
            </tr>
          </thead>
          <tbody>
            {o.users.map((u) => (
              <tr key={u.id} className="border-t border-border">
                <td className={td}>{u.email}</td>
                <td className={td}>{u.createdAt.slice(0, 10)}</td>
                <td className={td}>{u.watches}</td>
                <td className={td}>{u.channels}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {o.totals.users > o.users.length && (
          <p className="mt-2 text-sm text-muted">
            The first {o.users.length} of {o.totals.users} people.
          </p>
        )}
      </Section>
    </div>
  );
}
