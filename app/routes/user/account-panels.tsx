import { Field, FormMessage, NewPasswordField } from "../../components/form.tsx";
import type { Viewer } from "../../context.ts";
import { IntentForm, Panel } from "./panel.tsx";
import type { ActionResult } from "./types.ts";

/** The account's own panels: profile, email, password, devices. */
export function AccountPanels({
  viewer,
  emailChange,
  resultFor,
}: {
  viewer: Viewer;
  emailChange: "approved" | "done" | "failed" | null;
  resultFor: (intent: ActionResult["intent"]) => ActionResult | undefined;
}) {
  return (
    <>
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
        ) : emailChange === "approved" ? (
          <FormMessage tone="info">
            Change approved. We sent a link to your new address: your email changes when you open
            it.
          </FormMessage>
        ) : emailChange === "failed" ? (
          <FormMessage tone="error">
            That confirmation link did not work: it expired, was used already, or belongs to another
            account. Ask for a new one below.
          </FormMessage>
        ) : null}
        {resultFor("email")?.notice ? (
          <FormMessage tone="info">{resultFor("email")?.notice}</FormMessage>
        ) : null}
        {viewer.isEmailVerified ? null : (
          <div data-testid="email-unverified" className="space-y-2">
            <FormMessage tone="info">
              {viewer.email} awaits verification: open the link we mailed it. Until then nothing
              else is emailed to it, alerts included.
            </FormMessage>
            {resultFor("resend-verification")?.notice ? (
              <FormMessage tone="info">{resultFor("resend-verification")?.notice}</FormMessage>
            ) : null}
            {resultFor("resend-verification")?.error ? (
              <FormMessage tone="error">{resultFor("resend-verification")?.error}</FormMessage>
            ) : null}
            <IntentForm
              intent="resend-verification"
              submit="Send the link again"
              pendingText="Sending…"
              tone="secondary"
            />
          </div>
        )}
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
            more="Changing it signs out your other devices and revokes your API tokens, the browser extension's too."
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
    </>
  );
}

export function DeleteAccountPanel({ result }: { result: ActionResult | undefined }) {
  return (
    <Panel id="delete" title="Delete account" tone="danger">
      <p className="text-sm text-muted">
        This deletes your account, your sessions and API tokens, and everything you track. It cannot
        be undone.
      </p>
      <IntentForm intent="delete" submit="Delete my account" pendingText="Deleting…" tone="danger">
        <Field
          name="password"
          id="field-delete-password"
          label="Your password, to confirm"
          type="password"
          autoComplete="current-password"
          required
          error={result?.fieldErrors?.password}
        />
      </IntentForm>
    </Panel>
  );
}
