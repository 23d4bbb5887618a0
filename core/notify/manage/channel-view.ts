import type { notificationChannel } from "../../db/schema/index.ts";

/** How a channel is shown to its owner: secrets shortened, dates as ISO strings. */
export type ChannelView = {
  id: string;
  kind: string;
  name: string;
  config: Record<string, unknown>;
  isPaused: boolean;
  pauseReason: string | null;
  lastError: string | null;
  lastDeliveredAt: string | null;
  /** False while an added email address has not confirmed: nothing is sent to it. */
  isConfirmed: boolean;
  /** When the confirmation link was last mailed (null: not sent, e.g. the mail failed). */
  confirmationSentAt: string | null;
  createdAt: string;
};

export type ChannelRow = typeof notificationChannel.$inferSelect;

const SECRET_FIELDS = ["secret", "botToken", "token"] as const;

/** A channel's config for display: secrets shortened to their last four characters. */
export function redactConfig(config: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...config };
  for (const field of SECRET_FIELDS) {
    const value = copy[field];
    if (typeof value === "string") copy[field] = `••••${value.slice(-4)}`;
  }
  if (copy.type === "push" && typeof copy.keys === "object") copy.keys = "••••";
  return copy;
}

export function toChannelView(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    config: redactConfig(row.config),
    isPaused: row.isPaused,
    pauseReason: row.pauseReason,
    lastError: row.lastError,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    isConfirmed: row.confirmedAt !== null,
    confirmationSentAt: row.confirmationSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything but a UUID is simply not found (never a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
