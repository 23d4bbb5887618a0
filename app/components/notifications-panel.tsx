import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { CHANNEL_KINDS } from "../../core/notify/channel-kinds.ts";
import type { ChannelView, NotificationSettingsView } from "../../core/notify/manage-channels.ts";
import { ApiError } from "../lib/api-error.ts";
import { http } from "../lib/http.ts";
import { apiQuery } from "../lib/query-client.ts";
import { QueryScope } from "../lib/query-scope.tsx";
import { toast } from "../lib/toast.ts";
import { buttonClass } from "./ui/button.tsx";
import { inputClass } from "./ui/field.tsx";

type Channel = Omit<ChannelView, "createdAt">;
type Settings = NotificationSettingsView;
type TestResult = { result: "delivered" | "retry" | "permanent" | "skipped"; reason?: string };

const KEY = ["channels"] as const;

/** The fields the channel schema asks for a kind (core/notify/channel-kinds.ts). */
function fieldsOf(kind: string) {
  return CHANNEL_KINDS.find((k) => k.kind === kind)?.fields ?? [];
}

function toTime(minute: number | null): string {
  if (minute === null) return "";
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
function fromTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
function describeResult(r: TestResult): string {
  if (r.result === "delivered") return "Delivered";
  if (r.result === "skipped") return r.reason ?? "Not sent";
  return r.result === "retry" ? `Not yet: ${r.reason} (would retry)` : `Failed: ${r.reason}`;
}
function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    return error.fields.length > 0 ? error.fields.map((f) => f.message).join(" ") : error.message;
  }
  return "Something went wrong. Try again.";
}

/** /user → Notifications: channels, test sends, quiet hours, digest, browser push. */
/** The panel, with TanStack Query (app/lib/query-scope.tsx). */
export function NotificationsPanel() {
  return (
    <QueryScope>
      <NotificationsPanelBody />
    </QueryScope>
  );
}

function NotificationsPanelBody() {
  const queryClient = useQueryClient();
  const data = useQuery({
    queryKey: KEY,
    queryFn: apiQuery<{ channels: Channel[]; settings: Settings }>("/api/v1/channels"),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const [results, setResults] = useState<Record<string, string>>({});

  const test = useMutation({
    mutationFn: (id: string) => http<TestResult>(`/api/v1/channels/${id}/test`, { method: "POST" }),
    onSuccess: (r, id) => {
      setResults((all) => ({ ...all, [id]: describeResult(r) }));
      refresh();
    },
    onError: (e, id) => setResults((all) => ({ ...all, [id]: errorText(e) })),
  });
  const resend = useMutation({
    mutationFn: (id: string) =>
      http<void>(`/api/v1/channels/${id}/confirmation`, { method: "POST" }),
    onSuccess: () => {
      toast.success("Confirmation link sent again");
      refresh();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => http<void>(`/api/v1/channels/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
    onError: (e) => toast.error(errorText(e)),
  });
  const setPaused = useMutation({
    mutationFn: (input: { id: string; isPaused: boolean }) =>
      http(`/api/v1/channels/${input.id}`, {
        method: "PATCH",
        body: { isPaused: input.isPaused },
      }),
    onSuccess: refresh,
    onError: (e) => toast.error(errorText(e)),
  });

  if (data.isPending) return <p className="text-sm text-muted">Loading…</p>;
  if (data.isError) return <p className="text-sm text-bad">Could not load your channels.</p>;
  const { channels, settings } = data.data;
  return (
    <div className="space-y-6" data-testid="notifications-panel">
      <ul className="divide-y divide-border rounded-lg border border-border">
        <li className="flex flex-wrap items-center gap-2 p-3 text-sm">
          <span className="flex-1">
            <span className="font-semibold">Email to {settings.accountEmail}</span>
            <span className="block text-xs text-muted">Your account address, on by default</span>
          </span>
          <SettingsToggle
            settings={settings}
            field="isAccountEmailEnabled"
            label="On"
            onSaved={refresh}
          />
        </li>
        {channels.map((channel) => (
          <li
            key={channel.id}
            className="flex flex-wrap items-center gap-2 p-3 text-sm"
            data-testid="channel-row"
          >
            <span className="min-w-0 flex-1">
              <span className="font-semibold">{channel.name}</span>{" "}
              <span className="text-xs text-muted">({channel.kind})</span>
              <span className="block text-xs">
                {!channel.isConfirmed ? (
                  <span className="text-warn" data-testid="channel-unconfirmed">
                    {channel.confirmationSentAt
                      ? `Waiting for confirmation: we emailed a link to ${String(channel.config.address)}. Nothing is sent until it is opened.`
                      : "Not confirmed: the confirmation email could not be sent. Send it again."}{" "}
                    <button
                      type="button"
                      className="underline"
                      onClick={() => resend.mutate(channel.id)}
                      disabled={resend.isPending}
                    >
                      Send the link again
                    </button>
                  </span>
                ) : channel.isPaused ? (
                  <span className="text-bad">{channel.pauseReason ?? "Paused"}</span>
                ) : channel.lastError ? (
                  <span className="text-warn">Last error: {channel.lastError}</span>
                ) : (
                  <span className="text-muted">
                    {channel.lastDeliveredAt
                      ? `Last delivered ${new Date(channel.lastDeliveredAt).toLocaleString()}`
                      : "Active"}
                  </span>
                )}
              </span>
              {results[channel.id] ? (
                <span className="block text-xs" role="status">
                  {results[channel.id]}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              className="rounded border border-border px-2 py-1 hover:bg-surface-2"
              onClick={() => test.mutate(channel.id)}
              disabled={test.isPending}
            >
              Send test
            </button>
            <button
              type="button"
              className="rounded border border-border px-2 py-1 hover:bg-surface-2"
              onClick={() => setPaused.mutate({ id: channel.id, isPaused: !channel.isPaused })}
            >
              {channel.isPaused ? "Resume" : "Pause"}
            </button>
            <button
              type="button"
              className="rounded border border-border px-2 py-1 text-bad hover:bg-surface-2"
              onClick={() => remove.mutate(channel.id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <AddChannel onAdded={refresh} />
      <QuietHoursAndDigest settings={settings} onSaved={refresh} />
      <BrowserPush channels={channels} onChanged={refresh} />
    </div>
  );
}

function SettingsToggle(props: {
  settings: Settings;
  field: "isAccountEmailEnabled" | "isDailyDigest";
  label: string;
  onSaved: () => void;
}) {
  const save = useMutation({
    mutationFn: (value: boolean) =>
      http("/api/v1/notification-settings", { method: "PUT", body: { [props.field]: value } }),
    onSuccess: props.onSaved,
    onError: (e) => toast.error(errorText(e)),
  });
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={props.settings[props.field]}
        onChange={(e) => save.mutate(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

function AddChannel({ onAdded }: { onAdded: () => void }) {
  const [kind, setKind] = useState("webhook");
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: unknown) => http("/api/v1/channels", { method: "POST", body }),
    onSuccess: (created) => {
      setError(null);
      const channel = (created as { channel?: { isConfirmed?: boolean } }).channel;
      toast.success(
        channel?.isConfirmed === false
          ? "Channel added: we emailed the address a confirmation link"
          : "Channel added",
      );
      onAdded();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const config: Record<string, string> = { type: kind };
    for (const field of fieldsOf(kind)) {
      const value = String(form.get(field.name) ?? "").trim();
      if (value) config[field.name] = value;
    }
    // Emptied once added: a second click must not add the same channel again (#39 item 6).
    const formElement = event.currentTarget;
    add.mutate(
      { name: String(form.get("name") ?? ""), config },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-border p-4" noValidate>
      <h3 className="font-semibold">Add a channel</h3>
      <label className="block text-sm">
        Kind
        <select
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          className={inputClass({ size: "sm", className: "mt-1 block w-full" })}
        >
          {CHANNEL_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        Name (optional)
        <input name="name" className={inputClass({ size: "sm", className: "mt-1 block w-full" })} />
      </label>
      {fieldsOf(kind).map((field) => (
        <label key={`${kind}-${field.name}`} className="block text-sm">
          {field.label}
          <input
            name={field.name}
            type={field.input}
            className={inputClass({ size: "sm", className: "mt-1 block w-full" })}
          />
        </label>
      ))}
      {error ? (
        <p className="text-sm text-bad" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={add.isPending} className={buttonClass()}>
        {add.isPending ? "Adding…" : "Add channel"}
      </button>
    </form>
  );
}

function QuietHoursAndDigest({ settings, onSaved }: { settings: Settings; onSaved: () => void }) {
  const [start, setStart] = useState(toTime(settings.quietStartMinute));
  const [end, setEnd] = useState(toTime(settings.quietEndMinute));
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  useEffect(() => {
    // A new person's zone defaults to the browser's.
    if (settings.timeZone === "UTC" && settings.quietStartMinute === null) {
      setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    }
  }, [settings.timeZone, settings.quietStartMinute]);
  const save = useMutation({
    mutationFn: () =>
      http("/api/v1/notification-settings", {
        method: "PUT",
        body: { quietStartMinute: fromTime(start), quietEndMinute: fromTime(end), timeZone },
      }),
    onSuccess: () => {
      toast.success("Saved");
      onSaved();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  return (
    <div className="space-y-3 rounded-lg border border-border p-4 text-sm">
      <h3 className="font-semibold">Quiet hours</h3>
      <p className="text-muted">Alerts that come in during quiet hours are sent when they end.</p>
      <div className="flex flex-wrap items-end gap-3">
        <label>
          From
          <input
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={inputClass({ size: "sm", className: "ml-2" })}
          />
        </label>
        <label>
          To
          <input
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            className={inputClass({ size: "sm", className: "ml-2" })}
          />
        </label>
        <label>
          Time zone
          <input
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            list="time-zones"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search, e.g. Berlin"
            className={inputClass({ size: "sm", className: "ml-2" })}
          />
          <TimeZoneOptions />
        </label>
        <button
          type="button"
          onClick={() => save.mutate()}
          className="rounded border border-border px-3 py-1 hover:bg-surface-2"
        >
          Save quiet hours
        </button>
      </div>
      <SettingsToggle
        settings={settings}
        field="isDailyDigest"
        label="Daily digest: send email alerts once a day instead of one by one"
        onSaved={onSaved}
      />
    </div>
  );
}

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + "=".repeat((4 - (base64.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function BrowserPush({ channels, onChanged }: { channels: Channel[]; onChanged: () => void }) {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [isSupported, setSupported] = useState(false);
  useEffect(() => {
    const supported = "serviceWorker" in navigator && "PushManager" in window;
    setSupported(supported);
    if (!supported) return;
    navigator.serviceWorker
      .getRegistration("/push-sw.js")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null))
      .catch(() => {});
  }, []);
  const mine = channels.find((c) => c.kind === "push" && c.config.endpoint === endpoint);
  const subscribe = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") throw new Error("Notifications are blocked in this browser.");
      const { publicKey } = await http<{ publicKey: string }>("/api/v1/push/key");
      const registration = await navigator.serviceWorker.register("/push-sw.js");
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(publicKey),
      });
      const json = subscription.toJSON();
      await http("/api/v1/channels", {
        method: "POST",
        body: {
          name: "This browser",
          config: { type: "push", endpoint: json.endpoint, keys: json.keys },
        },
      });
      setEndpoint(subscription.endpoint);
    },
    onSuccess: onChanged,
    onError: (e) =>
      toast.error(e instanceof ApiError ? errorText(e) : String((e as Error).message)),
  });
  const unsubscribe = useMutation({
    mutationFn: async () => {
      const registration = await navigator.serviceWorker.getRegistration("/push-sw.js");
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      if (mine) await http(`/api/v1/channels/${mine.id}`, { method: "DELETE" });
      setEndpoint(null);
    },
    onSuccess: onChanged,
    onError: (e) => toast.error(errorText(e)),
  });
  if (!isSupported) {
    return <p className="text-sm text-muted">This browser cannot receive push notifications.</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4 text-sm">
      <span className="flex-1">
        <span className="font-semibold">Browser notifications</span>
        <span className="block text-muted">
          {mine
            ? "This browser receives alerts."
            : "Get alerts in this browser, even when Dropwave is closed."}
        </span>
      </span>
      {mine ? (
        <button
          type="button"
          onClick={() => unsubscribe.mutate()}
          className="rounded border border-border px-3 py-1 hover:bg-surface-2"
        >
          Turn off in this browser
        </button>
      ) : (
        <button
          type="button"
          onClick={() => subscribe.mutate()}
          disabled={subscribe.isPending}
          className={buttonClass({ size: "sm" })}
        >
          Turn on in this browser
        </button>
      )}
    </div>
  );
}

/**
 * The time zones this browser knows, as the time zone field's searchable list. Filled after
 * hydration: the server's and the browser's lists can differ.
 */
function TimeZoneOptions() {
  const [zones, setZones] = useState<string[]>([]);
  useEffect(() => {
    setZones(
      typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [],
    );
  }, []);
  return (
    <datalist id="time-zones">
      {["UTC", ...zones.filter((z) => z !== "UTC")].map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}
