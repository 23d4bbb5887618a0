import { data, Form, Link } from "react-router";
import { AuthCard, EmailField, FormMessage, SubmitButton } from "../components/form.tsx";
import { requestContext, servicesContext } from "../context.ts";
import { parseForm, ResetRequestForm } from "../lib/account-forms.ts";
import { callAuth, retryAfterSeconds } from "../lib/auth-call.server.ts";
import { authGuard } from "../lib/guard.server.ts";
import { staticPage } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/reset";

export const middleware = authGuard("guest");

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

export const meta: Route.MetaFunction = () =>
  pageMeta("Reset your password", "Get a link to choose a new Dropwave password.");

export function loader() {
  return null;
}

/** The same words whether or not the account exists: no way to probe for accounts. */
export const RESET_SENT =
  "If an account exists for that email, we sent it a link to reset the password. The link works for one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Given back to fill the field again: without JavaScript the page is a new document.
  const typedEmail = String(form.get("email") ?? "").slice(0, 320);
  const parsed = parseForm(ResetRequestForm, form);
  if (!parsed.ok)
    return data(
      { sent: false, error: parsed.fieldErrors.email ?? "Enter your email.", email: typedEmail },
      400,
    );
  const services = context.get(servicesContext);
  const response = await callAuth(
    services,
    context.get(requestContext),
    request,
    "/request-password-reset",
    {
      email: parsed.value.email,
      redirectTo: `${services.env.PUBLIC_URL}/reset`,
    },
  );
  if (response.status === 429) {
    const seconds = retryAfterSeconds(response);
    return data(
      {
        sent: false,
        error: `Too many requests. Try again in ${seconds} seconds.`,
        email: typedEmail,
      },
      { status: 429, headers: { "retry-after": String(seconds) } },
    );
  }
  if (!response.ok) {
    context
      .get(requestContext)
      .log.warn({ status: response.status }, "password reset request failed");
  }
  return { sent: true, error: null, email: typedEmail };
}

export default function Reset({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Reset your password">
      {actionData?.sent ? (
        <FormMessage tone="info">{RESET_SENT}</FormMessage>
      ) : (
        <>
          <p className="text-sm text-muted">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
          <Form method="post" className="space-y-4" noValidate>
            <EmailField defaultValue={actionData?.email} />
            <SubmitButton pendingText="Sending…">Send the link</SubmitButton>
          </Form>
        </>
      )}
      <Link to="/login" className="block text-sm text-accent-2 underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </AuthCard>
  );
}
