import { thirdPartyDisclosures } from "../../core/operator/disclosures.ts";
import { ProsePage } from "../components/prose-page.tsx";
import { servicesContext } from "../context.ts";
import { authGuard } from "../lib/guard.server.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/privacy";

export const middleware = authGuard("public");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Privacy Policy", "What this Dropwave instance stores about you, and why.");

/** What this instance sends elsewhere, from its configuration. */
export function loader({ context }: Route.LoaderArgs) {
  return { disclosures: thirdPartyDisclosures(context.get(servicesContext).env) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { disclosures } = loaderData;
  return (
    <ProsePage title="Privacy Policy" updated="22 November 2026">
      <p>
        Dropwave keeps only what it needs to track prices for you, on the operator's own server.
      </p>
      <h2>What is stored</h2>
      <ul>
        <li>
          Your email address, display name and a hash of your password (never the password itself).
        </li>
        <li>
          Your sessions: a random token in an HttpOnly cookie, with the IP address and browser it
          was created from.
        </li>
        <li>
          The products you track, your alert rules, the price history, and the alerts sent to you.
        </li>
        <li>
          The notification channels you set up (email, webhook addresses, push subscriptions).
        </li>
      </ul>
      <h2>Services outside this server</h2>
      {disclosures.length === 0 ? (
        <p data-testid="no-third-parties">
          None. This instance runs no analytics, advertising or tracking scripts, and sends nothing
          about your visits anywhere.
        </p>
      ) : (
        <>
          <p>The operator of this instance has switched on:</p>
          {disclosures.map((d) => (
            <section key={d.id} data-testid={`disclosure-${d.id}`}>
              <h3 className="mt-6 font-semibold">
                {d.service}, received by {d.recipient}
              </h3>
              <ul>
                {d.collected.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              {d.notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
            </section>
          ))}
        </>
      )}
      <h2>What is not</h2>
      <ul>
        <li>No advertising. No data is sold.</li>
        <li>
          Stores see requests from this server, not from you, except when you use the browser
          extension.
        </li>
      </ul>
      <h2>Cookies</h2>
      <p>
        One session cookie keeps you signed in. Your theme choice stays in your browser's local
        storage.
      </p>
      <h2>Your choices</h2>
      <p>
        You can export your data and delete your account from your account settings. Deleting the
        account removes your watches, history and channels.
      </p>
    </ProsePage>
  );
}
