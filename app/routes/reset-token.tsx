import { data, Form, redirect } from "react-router";
import { listApiTokens } from "../../core/accounts/api-tokens.ts";
import { findResetTokenOwner } from "../../core/accounts/reset-token.ts";
import { AuthCard, FormMessage, NewPasswordField, SubmitButton } from "../components/form.tsx";
import { ButtonLink } from "../components/ui/button.tsx";
import { requestContext, servicesContext } from "../context.ts";
import { parseForm, ResetPasswordForm } from "../lib/account-forms.ts";
import { callAuth, cookiesOf } from "../lib/auth-call.server.ts";
import { flashCookie } from "../lib/flash.server.ts";
import { authGuard } from "../lib/guard.server.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/reset-token";

export const middleware = authGuard("guest");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose a new password", "Set a new password for your Dropwave account.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const owner = await findResetTokenOwner(context.get(servicesContext).database.db, params.token);
  return { isUsable: owner !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const scope = context.get(requestContext);
  const parsed = parseForm(ResetPasswordForm, await readForm(request));
  if (!parsed.ok)
    return data(
      { isUsable: true, error: parsed.fieldErrors.password ?? "Check the password." },
      400,
    );
  const owner = await findResetTokenOwner(services.database.db, params.token);
  if (!owner) return data({ isUsable: false, error: null }, 410);
  // A reset revokes every API token (core/accounts/auth.ts): say so here, not only in the mail.
  const tokensBefore = await listApiTokens(services.database.db, owner.userId);
  const reset = await callAuth(services, scope, request, "/reset-password", {
    token: params.token,
    newPassword: parsed.value.password,
  });
  if (!reset.ok) return data({ isUsable: false, error: null }, 410);
  // Signed in with the new password straight away.
  const signIn = await callAuth(services, scope, request, "/sign-in/email", {
    email: owner.email,
    password: parsed.value.password,
  });
  const revoked = revokedTokensNotice(tokensBefore.map((token) => token.scope));
  // The password is changed even when the automatic sign-in fails: say so on the sign-in page.
  if (!signIn.ok) {
    return redirect("/login", {
      headers: {
        "set-cookie": flashCookie({
          kind: "success",
          message: `Your password was changed. Sign in with the new one.${revoked ? ` ${revoked}` : ""}`,
        }),
      },
    });
  }
  const headers = cookiesOf(signIn);
  if (revoked) {
    headers.append(
      "set-cookie",
      flashCookie({ kind: "info", message: `Your password was changed. ${revoked}` }),
    );
  }
  return redirect("/hub", { headers });
}

/** What the reset took away besides sessions, in words (null when there were no tokens). */
function revokedTokensNotice(scopes: readonly string[]): string | null {
  if (scopes.length === 0) return null;
  if (scopes.includes("extension")) {
    return "The browser extension was disconnected (its token was revoked): connect it again from your account page.";
  }
  return "Your API tokens were revoked: make new ones on your account page.";
}

export default function ResetToken({ loaderData, actionData }: Route.ComponentProps) {
  const isUsable = actionData ? actionData.isUsable : loaderData.isUsable;
  if (!isUsable) {
    return (
      <AuthCard title="This link no longer works">
        <p className="text-muted">
          Reset links work once and for one hour. This one has expired or was used already.
        </p>
        <ButtonLink to="/reset" size="lg">
          Ask for a new link
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post" className="space-y-4" noValidate>
        <NewPasswordField name="password" label="New password" />
        <SubmitButton pendingText="Saving…">Save and sign in</SubmitButton>
      </Form>
    </AuthCard>
  );
}
