import { ProsePage } from "../components/prose-page.tsx";
import { authGuard } from "../lib/guard.server.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/terms";

export const middleware = authGuard("public");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Terms of Service", "The terms for using this Dropwave instance.");

export default function Terms() {
  return (
    <ProsePage title="Terms of Service" updated="22 November 2026">
      <p>
        Dropwave is self-hosted software. These terms cover your use of this instance, run by the
        person or organisation that operates it (the operator).
      </p>
      <h2>Your account</h2>
      <ul>
        <li>
          Keep your password to yourself; you are responsible for what happens under your account.
        </li>
        <li>
          You may delete your account at any time from your account settings; your data goes with
          it.
        </li>
      </ul>
      <h2>Fair use</h2>
      <ul>
        <li>
          Track products for your own purposes. Do not use Dropwave to overload stores or to get
          around their access controls.
        </li>
        <li>
          Dropwave checks each page at a modest pace and identifies itself honestly to stores; it
          does not solve captchas.
        </li>
      </ul>
      <h2>No guarantees</h2>
      <p>
        Prices come from store pages and can be late, missing or wrong when a store changes its
        pages. Dropwave shows a price only when it can read one reliably, but always confirm on the
        store before you buy. The software is provided as is, without warranty.
      </p>
      <h2>Changes</h2>
      <p>The operator may change these terms; the date above tells you when they last did.</p>
    </ProsePage>
  );
}
