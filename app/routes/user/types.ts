import type { FieldErrors } from "../../lib/account-forms.ts";

/** The forms of /user, each named by the `intent` field it posts. */
export type Intent =
  | "billing-portal"
  | "name"
  | "email"
  | "resend-verification"
  | "password"
  | "sign-out-others"
  | "create-token"
  | "connect-extension"
  | "revoke-token"
  | "delete"
  | "country";

export const INTENTS: readonly Intent[] = [
  "billing-portal",
  "name",
  "email",
  "resend-verification",
  "password",
  "sign-out-others",
  "create-token",
  "connect-extension",
  "revoke-token",
  "delete",
  "country",
];

export type ActionResult = {
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

/** A token as the API tokens panel lists it. */
export type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  scope: "full" | "extension";
  createdAt: string;
  lastUsedAt: string | null;
};

/**
 * The sections of /user, in page order. Each is a `<section id>`: links sent in emails, the
 * bell and the extension (`/user#notifications`, `#connect-extension`, `#export-import`) land
 * on theirs (docs/decisions/0046).
 */
export const USER_SECTIONS = [
  "plan",
  "profile",
  "email",
  "password",
  "sessions",
  "country",
  "connect-extension",
  "api-tokens",
  "notifications",
  "export-import",
  "delete",
] as const;
export type UserSection = (typeof USER_SECTIONS)[number];
