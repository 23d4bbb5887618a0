import { data, Form } from "react-router";
import {
  confirmEmailChannel,
  declineEmailChannel,
  findChannelConfirmation,
} from "../../core/notify/manage-channels.ts";
import { AuthCard, FormMessage } from "../components/form.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { servicesContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/confirm-channel";

/**
 * The link in a channel confirmation mail. Opening it changes nothing (mail scanners open
 * links too); the receiver confirms or declines with a button. Works signed in or not: the
 * address may belong to someone other than the account's owner.
 */

export const meta: Route.MetaFunction = () =>
  pageMeta("Confirm price alerts", "Confirm or decline price alerts from Dropwave.");

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  return { pending: await findChannelConfirmation(db, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(servicesContext).database.db;
  const intent = (await readForm(request)).get("intent");
  if (intent !== "confirm" && intent !== "decline") {
    return data({ done: null, error: "Choose confirm or decline." }, 400);
  }
  const isDone =
    intent === "confirm"
      ? await confirmEmailChannel(db, params.token)
      : await declineEmailChannel(db, params.token);
  if (!isDone) return data({ done: null, error: null }, 410);
  return { done: intent, error: null };
}

export default function ConfirmChannel({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done === "confirm") {
    return (
      <AuthCard title="Confirmed">
        <FormMessage tone="info">This address now receives the price alerts.</FormMessage>
      </AuthCard>
    );
  }
  if (actionData?.done === "decline") {
    return (
      <AuthCard title="Declined">
        <FormMessage tone="info">
          The address was removed. Dropwave will send nothing more to it.
        </FormMessage>
      </AuthCard>
    );
  }
  const { pending } = loaderData;
  if (!pending || (actionData && actionData.error === null)) {
    return (
      <AuthCard title="This link no longer works">
        <p className="text-muted">
          Confirmation links work once and for seven days. This one has expired or was used already.
          Nothing is sent to an address that has not confirmed.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Send price alerts to this address?">
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <p>
        <strong>{pending.ownerName}</strong> asked Dropwave to send price alerts to{" "}
        <strong>{pending.address}</strong>.
      </p>
      <p className="text-muted">Nothing is sent to it until you confirm.</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="confirm" className={buttonClass({ size: "lg" })}>
          Confirm
        </button>
        <button
          type="submit"
          name="intent"
          value="decline"
          className="rounded-lg border border-border px-4 py-2.5 hover:bg-surface-2"
        >
          Decline, send nothing
        </button>
      </Form>
    </AuthCard>
  );
}
