import { data, redirect } from "react-router";
import {
  ApiTokenInput,
  createApiToken,
  revokeApiToken,
} from "../../../core/accounts/api-tokens.ts";
import { CountryInput, setUserCountry } from "../../../core/accounts/country.ts";
import { openBillingPortal } from "../../../core/billing/checkout.ts";
import { isAppError } from "../../../core/errors.ts";
import type { AppServices, RequestScope, Viewer } from "../../context.ts";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  DeleteAccountForm,
  DisplayNameForm,
  parseForm,
  RevokeTokenForm,
} from "../../lib/account-forms.ts";
import { authErrorCode, callAuth, cookiesOf } from "../../lib/auth-call.server.ts";
import { billingDeps } from "../../lib/billing-deps.server.ts";
import { flashCookie } from "../../lib/flash.server.ts";
import { readForm } from "../../lib/read-form.server.ts";
import { type ActionResult, INTENTS, type Intent } from "./types.ts";

/** What every intent's handler gets: the signed-in person, the services, the posted form. */
type ActionInput = {
  intent: Intent;
  viewer: Viewer;
  services: AppServices;
  form: FormData;
  /** One of better-auth's endpoints, called as this visitor. */
  auth(path: `/${string}`, body: unknown): Promise<Response>;
};

type Reply = ReturnType<typeof data<ActionResult>> | Response;

const reply = (result: ActionResult, init?: number | ResponseInit) => data(result, init);

/** Runs `work`; an AppError it throws becomes this intent's error message with its status. */
async function answeringAppErrors(intent: Intent, work: () => Promise<Reply>): Promise<Reply> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) return reply({ intent, error: error.message }, error.status);
    throw error;
  }
}

/** The /user action: the posted `intent` picks one handler below. */
export async function userAction(input: {
  request: Request;
  viewer: Viewer;
  services: AppServices;
  scope: RequestScope;
}): Promise<Reply> {
  const { request, viewer, services, scope } = input;
  const form = await readForm(request);
  const posted = String(form.get("intent") ?? "");
  const intent = INTENTS.find((name) => name === posted);
  if (!intent) return reply({ intent: "unknown", error: "Unknown action." }, 400);
  const auth = (path: `/${string}`, body: unknown) =>
    callAuth(services, scope, request, path, body);
  return HANDLERS[intent]({ intent, viewer, services, form, auth });
}

const HANDLERS: Record<Intent, (input: ActionInput) => Promise<Reply>> = {
  country: async ({ intent, form, services, viewer }) => {
    const parsed = parseForm(CountryInput, form);
    if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
    await setUserCountry(services.database.db, viewer.id, parsed.value);
    return reply({ intent, message: "Country saved." });
  },
  "billing-portal": async ({ intent, services, viewer }) => {
    const stripe = services.billing.stripe;
    if (!stripe) return reply({ intent, error: "There is no billing on this instance." }, 404);
    return answeringAppErrors(intent, async () => {
      const { url } = await openBillingPortal(billingDeps(services, stripe), viewer.id);
      return redirect(url);
    });
  },
  name: async ({ intent, form, auth }) => {
    const parsed = parseForm(DisplayNameForm, form);
    if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
    const response = await auth("/update-user", { name: parsed.value.name });
    if (!response.ok) return reply({ intent, error: "Could not save your name." }, 400);
    return reply({ intent, message: "Display name saved." });
  },
  email: async ({ intent, form, auth, viewer }) => {
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
    // A verified address approves its own replacement first (better-auth's two-step change).
    return reply({
      intent,
      notice: viewer.isEmailVerified
        ? `Check ${viewer.email} for a link to approve the change. Then open the one we send to ${email}: your email changes when you do.`
        : `Check ${email} for a confirmation link. Your email changes when you open it.`,
    });
  },
  "resend-verification": async ({ intent, auth, viewer }) => {
    if (viewer.isEmailVerified) {
      return reply({ intent, notice: `${viewer.email} is confirmed already.` });
    }
    const response = await auth("/send-verification-email", {
      email: viewer.email,
      callbackURL: "/hub",
    });
    if (!response.ok) {
      return reply(
        { intent, error: "Could not send the link now; try again in a few minutes." },
        response.status === 429 ? 429 : 400,
      );
    }
    return reply({ intent, notice: `We sent a new link to ${viewer.email}.` });
  },
  password: async ({ intent, form, auth }) => {
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
    // A fresh session for this browser; every other one is signed out, and every API token
    // revoked (core/accounts/auth.ts).
    return reply(
      {
        intent,
        message:
          "Password changed. Other devices were signed out and your API tokens were revoked: connect the browser extension again if you use it.",
      },
      { headers: cookiesOf(response) },
    );
  },
  "sign-out-others": async ({ intent, auth }) => {
    const response = await auth("/revoke-other-sessions", {});
    if (!response.ok) return reply({ intent, error: "Could not sign out other devices." }, 400);
    return reply({ intent, message: "Signed out of every other device." });
  },
  "create-token": async ({ intent, form, services, viewer }) => {
    const parsed = parseForm(ApiTokenInput, form);
    if (!parsed.ok) return reply({ intent, fieldErrors: parsed.fieldErrors }, 400);
    return answeringAppErrors(intent, async () => {
      const { token, summary } = await createApiToken(
        services.database.db,
        viewer.id,
        parsed.value,
      );
      return reply({ intent, newToken: { name: summary.name, token } });
    });
  },
  "connect-extension": async ({ intent, services, viewer }) =>
    answeringAppErrors(intent, async () => {
      const { token } = await createApiToken(services.database.db, viewer.id, {
        name: "Browser extension",
        scope: "extension",
      });
      return reply({ intent, extensionToken: token });
    }),
  "revoke-token": async ({ intent, form, services, viewer }) => {
    const parsed = parseForm(RevokeTokenForm, form);
    if (!parsed.ok) return reply({ intent, error: "No such token." }, 400);
    return answeringAppErrors(intent, async () => {
      await revokeApiToken(services.database.db, viewer.id, parsed.value.id);
      return reply({ intent, message: "Token revoked. It stopped working just now." });
    });
  },
  delete: async ({ intent, form, auth }) => {
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
  },
};
