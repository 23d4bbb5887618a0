import { data, Form, Link, useSearchParams } from "react-router";
import {
  AuthCard,
  EmailField,
  Field,
  FormMessage,
  NewPasswordField,
  SubmitButton,
} from "../components/form.tsx";
import { requestContext, servicesContext } from "../context.ts";
import { type FieldErrors, parseForm, RegisterForm } from "../lib/account-forms.ts";
import { callAuth, retryAfterSeconds } from "../lib/auth-call.server.ts";
import { authGuard } from "../lib/guard.server.ts";
import { safeRedirectPath } from "../lib/guard.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/register";

export const middleware = authGuard("guest");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Create your account", "Create a free Dropwave account and start tracking prices.");

export function loader({ context }: Route.LoaderArgs) {
  return { isSignupDisabled: context.get(servicesContext).publicEnv.isSignupDisabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Given back to fill the fields again: without JavaScript the page is a new document.
  const typed = {
    email: String(form.get("email") ?? "").slice(0, 320),
    name: String(form.get("name") ?? "").slice(0, 200),
  };
  const parsed = parseForm(RegisterForm, form);
  if (!parsed.ok) return data({ error: null, fieldErrors: parsed.fieldErrors, typed }, 400);
  const { email, password, name } = parsed.value;
  const response = await callAuth(
    context.get(servicesContext),
    context.get(requestContext),
    request,
    "/sign-up/email",
    {
      email,
      password,
      name: name || email.split("@")[0],
      // Where the verification link mailed at sign-up lands, signed in.
      callbackURL: safeRedirectPath(parsed.value.redirect),
    },
  );
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response);
    return data(
      { error: `Too many attempts. Try again in ${seconds} seconds.`, fieldErrors: {}, typed },
      { status: 429, headers: { "retry-after": String(seconds) } },
    );
  }
  if (!response.ok) {
    return data(
      {
        error: "Could not create the account. Check the fields and try again.",
        fieldErrors: {},
        typed,
      },
      400,
    );
  }
  // The same answer whether the address already had an account (then its owner is mailed
  // instead): the account opens from the link in the mail (decision 0065).
  // Without SMTP_URL the mail goes to the outbox folder and its link to the server's log: the
  // person who runs this Dropwave (often the one signing up) is told where to look.
  const isOutbox = context.get(servicesContext).mailer.kind === "outbox";
  return data({ sentTo: email, isOutbox });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect") ?? "";
  if (loaderData.isSignupDisabled) {
    return (
      <AuthCard title="Sign-up is closed">
        <p className="text-muted">This Dropwave instance is not taking new accounts.</p>
        <Link to="/login" className="text-accent-2 underline">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  if (actionData && "sentTo" in actionData) {
    return (
      <AuthCard title="Check your inbox">
        <FormMessage tone="info">
          We sent a link to {actionData.sentTo}. Open it to finish: it signs you in. It works for
          one hour.
        </FormMessage>
        {actionData.isOutbox ? (
          <p className="text-sm" data-testid="outbox-note">
            This Dropwave has no mail server set up (<code>SMTP_URL</code>): the mail was written to
            its <code>outbox</code> folder and the link printed in the server's log. Whoever runs it
            can open the link from there.
          </p>
        ) : null}
        <p className="text-sm text-muted">
          No mail after a few minutes? Look in the spam folder, or{" "}
          <Link to="/login" className="text-accent-2 underline underline-offset-4">
            sign in
          </Link>{" "}
          and ask for a new link.
        </p>
      </AuthCard>
    );
  }
  const errors: FieldErrors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard title="Create your account">
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirect" value={redirectTo} />
        <EmailField defaultValue={actionData?.typed.email} error={errors.email} />
        <NewPasswordField
          name="password"
          label="Password"
          more="A few words strung together work well."
          error={errors.password}
        />
        <Field
          name="name"
          label="Display name (optional)"
          autoComplete="nickname"
          defaultValue={actionData?.typed.name}
          error={errors.name}
        />
        <SubmitButton pendingText="Creating your account…">Create account</SubmitButton>
      </Form>
      <p className="text-sm text-muted">
        Already have an account?{" "}
        <Link to="/login" className="text-accent-2 underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
