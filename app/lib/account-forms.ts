import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../core/accounts/password-rules.ts";
import { nameText, storedText } from "../../core/input.ts";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const passwordRule = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address."));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const LoginForm = z.object({
  email,
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX_LENGTH),
  redirect: z.string().optional(),
});

export const RegisterForm = z.object({
  email,
  password: newPassword,
  name: storedText({ label: "The name" })
    .trim()
    .max(80, "Use at most 80 characters.")
    .optional()
    .default(""),
  redirect: z.string().optional(),
});

export const ResetRequestForm = z.object({ email });

export const ResetPasswordForm = z.object({ password: newPassword });

export type FieldErrors = Partial<Record<string, string>>;

/** Form data → a typed value, or the first message per field. */
export function parseForm<T extends z.ZodType>(
  schema: T,
  form: FormData,
): { ok: true; value: z.infer<T> } | { ok: false; fieldErrors: FieldErrors } {
  const raw: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") raw[key] = value;
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

// The account settings page (/user): one form per intent.

export const DisplayNameForm = z.object({
  name: nameText({ label: "The name", max: 80, emptyMessage: "Enter a display name." }),
});

export const ChangeEmailForm = z.object({ email });

export const ChangePasswordForm = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX_LENGTH),
  newPassword,
});

export const DeleteAccountForm = z.object({
  password: z.string().min(1, "Enter your password to confirm.").max(PASSWORD_MAX_LENGTH),
});

export const RevokeTokenForm = z.object({ id: storedText().min(1).max(100) });
