import { viewerContext } from "../context.ts";
import { authGuard } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/user";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Account settings", "Your Dropwave account: name, email, password and API tokens.");

export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  return { viewer };
}

export default function User({ loaderData }: Route.ComponentProps) {
  const { viewer } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-6 py-12" aria-labelledby="user-title">
      <h1 id="user-title" className="font-display text-3xl font-bold">
        Account settings
      </h1>
      <dl className="mt-8 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-2xl border border-border bg-surface p-6">
        <dt className="text-muted">Name</dt>
        <dd>{viewer.name}</dd>
        <dt className="text-muted">Email</dt>
        <dd>{viewer.email}</dd>
      </dl>
    </section>
  );
}
