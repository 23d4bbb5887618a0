import { type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  ApiTokenInput,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from "../../core/accounts/api-tokens.ts";
import { getAccountPlan } from "../../core/billing/account-plan.ts";
import { openBillingPortal } from "../../core/billing/checkout.ts";
import { isAppError } from "../../core/errors.ts";
import { ExportImport } from "../components/export-import.tsx";
import { Field, FormMessage, NewPasswordField } from "../components/form.tsx";
import { NotificationsPanel } from "../components/notifications-panel.tsx";
import { Button, ButtonLink, buttonClass } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { type AppServices, requestContext, servicesContext, viewerContext } from "../context.ts";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountForm,
  DisplayNameForm,
  type FieldErrors,
  parseForm,
  RevokeTokenForm,
} from "../lib/account-forms.ts";
import { authErrorCode, callAuth, cookiesOf } from "../lib/auth-call.server.ts";
import { billingDeps } from "../lib/billing-deps.server.ts";
import { flashCookie } from "../lib/flash.server.ts";
import { authGuard } from "../lib/guard.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { type PlanView, toPlanView } from "../lib/plan-view.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/user";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Account settings", "Your Dropwave account: name, email, password and API tokens.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  const services = context.get(servicesContext);
  const tokens = await listApiTokens(services.database.db, viewer.id);
  // better-auth sends the email-change link back here (?email=changed, plus ?error= on failure).
  const params = new URL(request.url).searchParams;
  const emailChange =
    params.get("email") !== "changed" ? null : params.has("error") ? "failed" : "done";
  return {
    viewer,
    emailChange,
    billing: services.billing.stripe ? await planPanelData(services, viewer.id, params) : null,
    publicUrl: services.env.PUBLIC_URL,
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

/** The plan panel's data, only with Stripe's keys (no plan UI otherwise). */
async function planPanelData(
  services: AppServices,
  userId: string,
  params: URLSearchParams,
): Promise<{
  plan: PlanView;
  isFree: boolean;
  hasBillingAccount: boolean;
  isReturningFromCheckout: boolean;
}> {
  const current = await getAccountPlan(services.database.db, services.billing.catalogue, userId);
  return {
    plan: toPlanView(current.plan),
    isFree: current.plan.id === services.billing.catalogue.free.id,
    hasBillingAccount: current.stripeCustomerId !== null,
    isReturningFromCheckout: params.get("billing") === "done",
  };
}

type Intent =
  | "billing-portal"
  | "name"
  | "email"
  | "password"
  | "sign-out-others"
  | "create-token"
  | "connect-extension"
  | "revoke-token"
  | "delete";

type ActionResult = {
  intent: Intent | "unknown";
  message?: string;
  /** A notice that stays on the page (e.g. "check your inbox"), rather than a toast. */
  notice?: string;
  error?: string;
  fieldErrors?: FieldErrors;
  newToken?: { name: string; token: string };
  /** A fresh extension-scoped token, handed to the extension on this page (never shown). */
  extensionToken?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  const services = context.get(servicesContext);
  const scope = context.get(requestContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const auth = (path: `/${string}`, body: unknown) =>
    callAuth(services, scope, request, path, body);
  const reply = (result: ActionResult, init?: number | ResponseInit) => data(result, init);

  switch (intent) {
    case "billing-portal": {
      const stripe = services.billing.stripe;
      if (!stripe) return reply({ intent, error: "There is no billing on this instance." }, 404);
      try {
        const { url } = await openBillingPortal(billingDeps(services, stripe), viewer.id);
        return redirect(url);
      } catch (error) {
        if (isAppError(error)) return reply({ intent, error: error.message }, error.status);
        throw error;
      }
    }
    case "name": {
      const parsed = parseForm(DisplayNameForm, form);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const response = await auth("/update-user", { name: parsed.value.name });
      if (!response.ok) return reply({ intent, error: "Could not save your name." }, 400);
      return reply({ intent, message: "Display name saved." });
    }
    case "email": {
      const parsed = parseForm(ChangeEmailForm, form);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const { email } = parsed.value;
      if (email === viewer.email.toLowerCase()) {
        return reply({ intent, fieldErrors: { email: "That is your email already." } }, 400);
      }
      const response = await auth("/change-email", {
        newEmail: email,
        callbackURL: "/user?email=changed",
      });
      if (!response.ok) return reply({ intent, error: "Could not start the change." }, 400);
      return reply({
        intent,
        notice: `Check ${email} for a confirmation link. Your email changes when you open it.`,
      });
    }
    case "password": {
      const parsed = parseForm(ChangePasswordForm, form);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const response = await auth("/change-password", {
        currentPassword: parsed.value.currentPassword,
        newPassword: parsed.value.newPassword,
        revokeOtherSessions: true,
      });
      if (!response.ok) {
        const code = await authErrorCode(response);
        if (code === "INVALID_PASSWORD") {
          return reply(
            { intent, fieldErrors: { currentPassword: "That is not your current password." } },
            400,
          );
        }
        return reply({ intent, error: "Could not change the password." }, 400);
      }
      // A fresh session for this browser; every other one is signed out.
      return reply(
        { intent, message: "Password changed. Other devices were signed out." },
        { headers: cookiesOf(response) },
      );
    }
    case "sign-out-others": {
      const response = await auth("/revoke-other-sessions", {});
      if (!response.ok) return reply({ intent, error: "Could not sign out other devices." }, 400);
      return reply({ intent, message: "Signed out of every other device." });
    }
    case "create-token": {
      const parsed = parseForm(ApiTokenInput, form);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      try {
        const { token, summary } = await createApiToken(
          services.database.db,
          viewer.id,
          parsed.value,
        );
        return reply({ intent, newToken: { name: summary.name, token } });
      } catch (error) {
        if (isAppError(error)) return reply({ intent, error: error.message }, error.status);
        throw error;
      }
    }
    case "connect-extension": {
      try {
        const { token } = await createApiToken(services.database.db, viewer.id, {
          name: "Browser extension",
          scope: "extension",
        });
        return reply({ intent, extensionToken: token });
      } catch (error) {
        if (isAppError(error)) return reply({ intent, error: error.message }, error.status);
        throw error;
      }
    }
    case "revoke-token": {
      const parsed = parseForm(RevokeTokenForm, form);
      if (!parsed.ok) return reply({ intent, error: "No such token." }, 400);
      try {
        await revokeApiToken(services.database.db, viewer.id, parsed.value.id);
      } catch (error) {
        if (isAppError(error)) return reply({ intent, error: error.message }, error.status);
        throw error;
      }
      return reply({ intent, message: "Token revoked. It stopped working just now." });
    }
    case "delete": {
      const parsed = parseForm(DeleteAccountForm, form);
      if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
      const response = await auth("/delete-user", { password: parsed.value.password });
      if (!response.ok) {
        const code = await authErrorCode(response);
        return reply(
          code === "INVALID_PASSWORD"
            ? { intent, fieldErrors: { password: "That is not your password." } }
            : { intent, error: "Could not delete the account." },
          400,
        );
      }
      const headers = cookiesOf(response);
      headers.append(
        "set-cookie",
        flashCookie({ kind: "success", message: "Your account and its data were deleted." }),
      );
      return redirect("/", { headers });
    }
    default:
      return reply({ intent: "unknown", error: "Unknown action." }, 400);
  }
}

export default function User({ loaderData, actionData }: Route.ComponentProps) {
  const { viewer, tokens, emailChange, publicUrl, billing } = loaderData;
  const result: ActionResult | undefined = actionData;
  const resultFor = (intent: Intent) => (result?.intent === intent ? result : undefined);

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
        {billing ? (
          <Panel id="plan" title="Plan">
            {billing.isReturningFromCheckout && billing.isFree ? (
              <FormMessage tone="info">
                Thank you! Your plan changes as soon as Stripe confirms the payment; reload this
                page in a moment.
              </FormMessage>
            ) : null}
            <p data-testid="current-plan">
              You are on the <strong>{billing.plan.name}</strong> plan
              {billing.plan.price ? ` (${billing.plan.price})` : ""}.
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
              {billing.plan.limits.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-3">
              {billing.isFree ? (
                // A document load: the upgrade page's policy is the one that admits Stripe.js.
                <ButtonLink to="/user/upgrade" reloadDocument size="lg">
                  Upgrade
                </ButtonLink>
              ) : null}
              {billing.hasBillingAccount ? (
                <IntentForm
                  intent="billing-portal"
                  submit="Manage billing"
                  pendingText="Opening…"
                  tone="secondary"
                />
              ) : null}
            </div>
          </Panel>
        ) : null}
        <Panel id="profile" title="Profile">
          <IntentForm intent="name" submit="Save name" pendingText="Saving…">
            <Field
              name="name"
              id="field-display-name"
              label="Display name"
              autoComplete="nickname"
              defaultValue={viewer.name}
              maxLength={80}
              required
              error={resultFor("name")?.fieldErrors?.name}
            />
          </IntentForm>
        </Panel>

        <Panel id="email" title="Email">
          {emailChange === "done" ? (
            <FormMessage tone="info">Your email address is now {viewer.email}.</FormMessage>
          ) : emailChange === "failed" ? (
            <FormMessage tone="error">
              That confirmation link did not work: it expired, was used already, or belongs to
              another account. Ask for a new one below.
            </FormMessage>
          ) : null}
          {resultFor("email")?.notice ? (
            <FormMessage tone="info">{resultFor("email")?.notice}</FormMessage>
          ) : null}
          <IntentForm intent="email" submit="Change email" pendingText="Sending the link…">
            <Field
              name="email"
              id="field-new-email"
              label="New email"
              type="email"
              autoComplete="email"
              required
              hint="We send a link to the new address; your email changes once you open it."
              error={resultFor("email")?.fieldErrors?.email}
            />
          </IntentForm>
        </Panel>

        <Panel id="password" title="Password">
          <IntentForm intent="password" submit="Change password" pendingText="Changing…">
            <Field
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              error={resultFor("password")?.fieldErrors?.currentPassword}
            />
            <NewPasswordField
              name="newPassword"
              label="New password"
              more="Changing it signs out your other devices."
              error={resultFor("password")?.fieldErrors?.newPassword}
            />
          </IntentForm>
        </Panel>

        <Panel id="sessions" title="Devices">
          <p className="text-sm text-muted">
            Signed in on a shared or lost device? End every session except this one.
          </p>
          <IntentForm
            intent="sign-out-others"
            submit="Sign out of other devices"
            pendingText="Signing out…"
            tone="secondary"
          />
        </Panel>

        <BrowserExtension publicUrl={publicUrl} result={resultFor("connect-extension")} />

        <ApiTokens tokens={tokens} result={resultFor("create-token")} />

        <Panel id="notifications" title="Notifications">
          <NotificationsPanel />
        </Panel>

        <Panel id="export-import" title="Export and import">
          <ExportImport />
        </Panel>

        <Panel id="delete" title="Delete account" tone="danger">
          <p className="text-sm text-muted">
            This deletes your account, your sessions and API tokens, and everything you track. It
            cannot be undone.
          </p>
          <IntentForm
            intent="delete"
            submit="Delete my account"
            pendingText="Deleting…"
            tone="danger"
          >
            <Field
              name="password"
              id="field-delete-password"
              label="Your password, to confirm"
              type="password"
              autoComplete="current-password"
              required
              error={resultFor("delete")?.fieldErrors?.password}
            />
          </IntentForm>
        </Panel>
      </div>
    </section>
  );
}

/**
 * "Connect the extension": a token limited to the extension's routes is made and handed to
 * the extension by its script on this page (extension/src/connect.ts), through a hidden
 * attribute it reads — never shown, never copied. The page hears how it went by window
 * messages; without an answer, a click on the toolbar button finishes it.
 */
function BrowserExtension({
  publicUrl,
  result,
}: {
  publicUrl: string;
  result: ActionResult | undefined;
}) {
  const token = result?.extensionToken;
  const [status, setStatus] = useState<{ status: string; detail: string } | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.data?.type !== "dropwave-extension") return;
      setStatus({ status: String(event.data.status), detail: String(event.data.detail ?? "") });
    };
    window.addEventListener("message", onMessage);
    window.postMessage({ type: "dropwave-extension-ping" }, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  useEffect(() => {
    if (token) window.postMessage({ type: "dropwave-extension-ping" }, window.location.origin);
  }, [token]);
  const isConnected = status?.status === "connected";
  return (
    <Panel id="connect-extension" title="Browser extension">
      <p className="text-sm text-muted">
        Track a product from its store page with one click, at the price you see there (also on
        stores that block Dropwave’s server), and point at the right price when a page shows
        several. Install it for{" "}
        <a className="underline" href="/extension/dropwave-chrome.zip">
          Chrome, Edge or Brave
        </a>{" "}
        or{" "}
        <a className="underline" href="/extension/dropwave-firefox.zip">
          Firefox
        </a>{" "}
        (unzip, then load it unpacked: see the README), click its toolbar button, enter{" "}
        <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">{publicUrl}</code> and come back
        here.
      </p>
      {token ? <div hidden data-dropwave-extension-token={token} /> : null}
      {token || status?.status === "connecting" ? (
        <p className="text-sm" role="status" data-testid="extension-status">
          {isConnected
            ? `Connected: the extension tracks for ${status?.detail || "you"}. Revoke “Browser extension” below to disconnect it.`
            : status?.status === "failed"
              ? `The extension could not connect: ${status.detail}`
              : "Now click the Dropwave button in your browser’s toolbar, on this page, to finish."}
        </p>
      ) : null}
      {result?.error ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      <IntentForm
        intent="connect-extension"
        submit="Connect the extension"
        pendingText="Connecting…"
        tone="secondary"
      />
    </Panel>
  );
}

type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  scope: "full" | "extension";
  createdAt: string;
  lastUsedAt: string | null;
};

function ApiTokens({ tokens, result }: { tokens: TokenRow[]; result: ActionResult | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const newToken = result?.newToken;
  useEffect(() => {
    if (newToken) formRef.current?.reset();
  }, [newToken]);
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success("Token copied.");
    } catch {
      toast.error("Could not copy: select the token and copy it by hand.");
    }
  };
  return (
    <Panel id="api-tokens" title="API tokens">
      <p className="text-sm text-muted">
        For the browser extension and your scripts: send{" "}
        <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">
          Authorization: Bearer &lt;token&gt;
        </code>{" "}
        to <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">/api/v1</code>. A token can do
        what you can, so keep it secret.
      </p>
      {newToken ? (
        <div className="space-y-2 rounded-lg border border-good/50 bg-good/10 p-4" role="status">
          <label htmlFor="new-token" className="block text-sm font-medium">
            Your new token “{newToken.name}”. Copy it now: it will not be shown again.
          </label>
          <div className="flex gap-2">
            <input
              id="new-token"
              readOnly
              value={newToken.token}
              onFocus={(event) => event.currentTarget.select()}
              className={inputClass({ className: "min-w-0 flex-1 font-mono text-sm" })}
            />
            <button
              type="button"
              onClick={() => copy(newToken.token)}
              className={buttonClass({ variant: "secondary", size: "sm" })}
            >
              Copy
            </button>
          </div>
        </div>
      ) : null}
      {result?.error ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      <Form ref={formRef} method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="create-token" />
        <div className="min-w-0 flex-1">
          <Field
            name="name"
            id="field-token-name"
            label="Token name"
            required
            maxLength={60}
            hint="Where you will use it, e.g. “Firefox extension”."
            error={result?.fieldErrors?.name}
          />
        </div>
        <div className="pb-6">
          <IntentButton intent="create-token" pendingText="Creating…" tone="secondary">
            Create token
          </IntentButton>
        </div>
      </Form>
      {tokens.length === 0 ? (
        <p className="text-sm text-muted">No tokens yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {token.name}
                  {token.scope === "extension" ? (
                    <span className="ml-2 text-xs font-normal text-muted">extension only</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  <code className="font-mono">{token.prefix}_…</code> · created {token.createdAt} ·{" "}
                  {token.lastUsedAt ? `last used ${token.lastUsedAt}` : "never used"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-token" />
                <input type="hidden" name="id" value={token.id} />
                <button
                  type="submit"
                  aria-label={`Revoke token ${token.name}`}
                  className="rounded-lg border border-bad/60 px-3 py-1.5 text-sm text-bad hover:bg-bad/10"
                >
                  Revoke
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Panel({
  id,
  title,
  tone = "normal",
  children,
}: {
  id: string;
  title: string;
  tone?: "normal" | "danger";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cardClass({ isDanger: tone === "danger", className: "space-y-4" })}
    >
      <h2
        id={`${id}-title`}
        className={`text-lg font-semibold ${tone === "danger" ? "text-bad" : ""}`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A form of this page: posts its fields with the intent that names the action, and ends with
 * the intent's submit button (which shows `pendingText` while that intent is being sent).
 */
function IntentForm({
  intent,
  submit,
  pendingText,
  tone,
  children,
}: {
  intent: Intent;
  submit: string;
  pendingText: string;
  tone?: "primary" | "secondary" | "danger";
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <IntentButton intent={intent} pendingText={pendingText} {...(tone ? { tone } : {})}>
        {submit}
      </IntentButton>
    </Form>
  );
}

function IntentButton({
  intent,
  pendingText,
  tone = "primary",
  children,
}: {
  intent: Intent;
  pendingText: string;
  tone?: "primary" | "secondary" | "danger";
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const isPending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" variant={tone} size="lg" disabled={isPending}>
      {isPending ? pendingText : children}
    </Button>
  );
}

/** Dates as YYYY-MM-DD (UTC), the same on the server and in the browser. */
function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
