import { describeUnsubscribe, verifyUnsubscribe } from "../../core/notify/unsubscribe.ts";
import { AuthCard, FormMessage } from "../components/form.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { servicesContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/unsubscribe";

/**
 * The unsubscribe link of an alert email (List-Unsubscribe, core/notify/unsubscribe.ts).
 * Opening it changes nothing (mail scanners open links too); the button posts to the same
 * address, which server/unsubscribe.ts answers, as it answers a mail provider's one click.
 * No sign-in: the signed token says whose alerts and which address.
 */

export const meta: Route.MetaFunction = () =>
  pageMeta("Unsubscribe from price alerts", "Stop Dropwave's price alert emails.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const target = verifyUnsubscribe(services.unsubscribeSecret, params.token);
  const view = target ? await describeUnsubscribe(services.database.db, target) : null;
  return { view, token: params.token };
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { view, token } = loaderData;
  if (!view) {
    return (
      <AuthCard title="This link does not work">
        <FormMessage tone="error">
          It is not a Dropwave unsubscribe link, or the address it was for was removed. Signed in,
          you can turn alerts off under{" "}
          <a className="underline" href="/user#notifications">
            Notifications
          </a>
          .
        </FormMessage>
      </AuthCard>
    );
  }
  if (view.isUnsubscribed) {
    return (
      <AuthCard title="Unsubscribed">
        <FormMessage tone="info">
          Dropwave sends no more price alerts to {view.address}. You can turn them on again under{" "}
          <a className="underline" href="/user#notifications">
            Notifications
          </a>
          .
        </FormMessage>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe from price alerts">
      <p className="text-sm">Stop price alert emails to {view.address}?</p>
      <form method="post" action={`/unsubscribe/${encodeURIComponent(token)}`}>
        <button type="submit" className={buttonClass({ size: "lg", isBlock: true })}>
          Unsubscribe
        </button>
      </form>
    </AuthCard>
  );
}
