import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordRule } from "../lib/account-forms.ts";
import { buttonClass } from "./ui/button.tsx";
import { cardClass } from "./ui/card.tsx";
import { Field } from "./ui/field.tsx";

// Forms' building blocks; the field itself is the UI primitive.
export { Field };

/** The account's email: what was typed comes back after a refused post (no JavaScript needed). */
export function EmailField({
  defaultValue,
  error,
}: {
  defaultValue?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <Field
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password: the length rule both as the browser's limits and in the hint (`more` after it). */
export function NewPasswordField({
  name,
  label,
  more,
  error,
}: {
  name: string;
  label: string;
  more?: string;
  error?: string | undefined;
}) {
  return (
    <Field
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={more ? `Use ${passwordRule}. ${more}` : `Use ${passwordRule}.`}
      error={error}
    />
  );
}

export function SubmitButton({
  children,
  pendingText,
}: {
  children: ReactNode;
  pendingText: string;
}) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting";
  return (
    <button
      type="submit"
      disabled={isPending}
      className={buttonClass({ size: "lg", isBlock: true })}
    >
      {isPending ? pendingText : children}
    </button>
  );
}

export function FormMessage({ tone, children }: { tone: "error" | "info"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-lg border border-bad/50 bg-bad/10 px-3 py-2 text-sm text-bad"
          : "rounded-lg border border-accent-2/50 bg-accent-2/10 px-3 py-2 text-sm"
      }
    >
      {children}
    </div>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-6 py-16" aria-labelledby="auth-title">
      <div className={cardClass({ padding: "lg", isRaised: true })}>
        <h1 id="auth-title" className="font-display text-2xl font-bold">
          {title}
        </h1>
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </section>
  );
}
