import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AUTH_SERVER_FAULT } from "../../core/accounts/auth.ts";
import { AuthCard, EmailField, Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { requestContext, servicesContext, viewerContext } from "../context.ts";
import { LoginForm, parseForm } from "../lib/account-forms.ts";
import { callAuth, cookiesOf, retryAfterSeconds } from "../lib/auth-call.server.ts";
import { flashCookie } from "../lib/flash.server.ts";
import { authGuard } from "../lib/guard.server.ts";
import { safeRedirectPath } from "../lib/guard.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/login";

// The login page is exempt from the guest redirect: a signed-in visitor may switch accounts.
export const middleware = authGuard("public");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in", "Sign in to Dropwave to see your tracked products and price alerts.");

export function loader({ context }: Route.LoaderArgs) {
  return { viewer: context.get(viewerContext) };
}

const WRONG_CREDENTIALS = "That email and password do not match an account.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Given back to fill the field again: without JavaScript the page is a new document.
  const typedEmail = String(form.get("email") ?? "").slice(0, 320);
  const parsed = parseForm(LoginForm, form);
  if (!parsed.ok)
    return data(
      { error: WRONG_CREDENTIALS, fieldErrors: parsed.fieldErrors, email: typedEmail },
      400,
    );
  const { email, password } = parsed.value;
  const response = await callAuth(
    context.get(servicesContext),
    context.get(requestContext),
    request,
    "/sign-in/email",
    { email, password, rememberMe: true },
  );
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response);
    return data(
      {
        error: `Too many attempts. Try again in ${seconds} seconds.`,
        fieldErrors: {},
        email: typedEmail,
      },
      { status: 429, headers: { "retry-after": String(seconds) } },
    );
  }
  // A fault on our side (logged with the request id by callAuth) is not a wrong password.
  if (response.status >= 500)
    return data({ error: AUTH_SERVER_FAULT, fieldErrors: {}, email: typedEmail }, 500);
  if (!response.ok)
    return data({ error: WRONG_CREDENTIALS, fieldErrors: {}, email: typedEmail }, 401);
  const headers = cookiesOf(response);
  headers.append(
    "set-cookie",
    flashCookie({ kind: "success", message: "Signed in. Welcome back!" }),
  );
  return redirect(safeRedirectPath(parsed.value.redirect), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect") ?? "";
  const viewer = loaderData.viewer;
  return (
    <AuthCard title="Sign in">
      {viewer ? (
        <FormMessage tone="info">
          You are signed in as {viewer.email}.{" "}
          <Link to="/hub" className="underline">
            Go to your hub
          </Link>{" "}
          or sign in as someone else below.
        </FormMessage>
      ) : null}
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirect" value={redirectTo} />
        <EmailField defaultValue={actionData?.email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton pendingText="Signing in…">Sign in</SubmitButton>
      </Form>
      <div className="flex justify-between text-sm">
        <Link to="/reset" className="text-accent-2 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
        <Link
          to={redirectTo ? `/register?redirect=${encodeURIComponent(redirectTo)}` : "/register"}
          className="text-accent-2 underline-offset-4 hover:underline"
        >
          Create an account
        </Link>
      </div>
    </AuthCard>
  );
}
