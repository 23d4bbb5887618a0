import { viewerContext } from "../context.ts";
import { authGuard } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/hub";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Your hub", "Your tracked products, their prices and your alerts.");

export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  return { viewer };
}

export default function Hub({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-6 py-12" aria-labelledby="hub-title">
      <h1 id="hub-title" className="font-display text-3xl font-bold">
        Your hub
      </h1>
      <p className="mt-2 text-muted">Signed in as {loaderData.viewer.email}.</p>
      <div className="mt-8 rounded-2xl border border-dashed border-border bg-surface p-8">
        <h2 className="text-xl font-semibold">Tracking arrives here next</h2>
        <p className="mt-2 text-muted">
          Adding products by link, alerts and price history are being built; this page will list
          your watches.
        </p>
      </div>
    </section>
  );
}
