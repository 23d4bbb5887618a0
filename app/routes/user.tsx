import { useEffect } from "react";
import { listApiTokens } from "../../core/accounts/api-tokens.ts";
import { isApprovalStep } from "../../core/accounts/change-email-links.ts";
import { COUNTRIES, countryFromLanguages, getUserCountry } from "../../core/accounts/country.ts";
import { ExportImport } from "../components/export-import.tsx";
import { NotificationsPanel } from "../components/notifications-panel.tsx";
import { requestContext, servicesContext } from "../context.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/user";
import { AccountPanels, DeleteAccountPanel } from "./user/account-panels.tsx";
import { userAction } from "./user/actions.server.ts";
import { ApiTokens } from "./user/api-tokens-panel.tsx";
import { CountryPanel } from "./user/country-panel.tsx";
import { BrowserExtension } from "./user/extension-panel.tsx";
import { Panel } from "./user/panel.tsx";
import { PlanPanel, planPanelData } from "./user/plan-panel.tsx";
import type { ActionResult } from "./user/types.ts";

/**
 * /user, the account page: one page of sections, each a `<section id>` that `/user#<id>` links
 * reach without script; each section's UI and each form's handler live in ./user/
 * (docs/decisions/0046).
 */

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Account settings", "Your Dropwave account: name, email, password and API tokens.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const tokens = await listApiTokens(services.database.db, viewer.id);
  // better-auth sends the email-change links back here (?email=changed, plus ?error= on failure;
  // the first of a verified account's two links adds step=approved: change-email-links.ts).
  const params = new URL(request.url).searchParams;
  const emailChange: "approved" | "done" | "failed" | null =
    params.get("email") !== "changed"
      ? null
      : params.has("error")
        ? "failed"
        : isApprovalStep(params)
          ? "approved"
          : "done";
  return {
    viewer,
    emailChange,
    billing: services.billing.stripe ? await planPanelData(services, viewer.id, params) : null,
    publicUrl: services.env.PUBLIC_URL,
    country: await getUserCountry(services.database.db, viewer.id),
    browserCountry: countryFromLanguages(request.headers.get("accept-language")),
    countries: COUNTRIES,
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      scope: t.scope,
      createdAt: formatDay(t.createdAt),
      lastUsedAt: t.lastUsedAt ? formatDay(t.lastUsedAt) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context);
  return userAction({
    request,
    viewer,
    services: context.get(servicesContext),
    scope: context.get(requestContext),
  });
}

export default function User({ loaderData, actionData }: Route.ComponentProps) {
  const { viewer, tokens, emailChange, publicUrl, billing, country, browserCountry, countries } =
    loaderData;
  const result = actionData as ActionResult | undefined;
  const resultFor = (intent: ActionResult["intent"]) =>
    result?.intent === intent ? result : undefined;

  useEffect(() => {
    if (result?.message) toast.success(result.message);
    else if (result?.error) toast.error(result.error);
  }, [result]);

  return (
    <section className="mx-auto max-w-3xl px-6 py-12" aria-labelledby="user-title">
      <h1 id="user-title" className="font-display text-3xl font-bold">
        Account settings
      </h1>
      <p className="mt-2 text-muted">
        Signed in as <span className="text-fg">{viewer.email}</span>.
      </p>

      <div className="mt-8 space-y-6">
        {billing ? <PlanPanel billing={billing} /> : null}
        <AccountPanels viewer={viewer} emailChange={emailChange} resultFor={resultFor} />
        <CountryPanel
          country={country}
          browserCountry={browserCountry}
          countries={countries}
          result={resultFor("country")}
        />
        <BrowserExtension publicUrl={publicUrl} result={resultFor("connect-extension")} />
        <ApiTokens tokens={tokens} result={resultFor("create-token")} />
        <Panel id="notifications" title="Notifications">
          <NotificationsPanel />
        </Panel>
        <Panel id="export-import" title="Export and import">
          <ExportImport />
        </Panel>
        <DeleteAccountPanel result={resultFor("delete")} />
      </div>
    </section>
  );
}

/** Dates as YYYY-MM-DD (UTC), the same on the server and in the browser. */
function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
