import type { ReactNode } from "react";
import { useNavigation } from "react-router";

export function Field(props: {
  name: string;
  /** Needed when two forms on one page share a field name. */
  id?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  error?: string | undefined;
  hint?: string;
  minLength?: number;
  maxLength?: number;
}) {
  const id = props.id ?? `field-${props.name}`;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        required={props.required}
        defaultValue={props.defaultValue}
        minLength={props.minLength}
        maxLength={props.maxLength}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-fg placeholder:text-muted focus:border-accent-2"
      />
      {props.hint ? (
        <p id={hintId} className="text-xs text-muted">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="text-sm text-bad" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
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
      className="w-full rounded-lg bg-accent px-4 py-2.5 font-semibold text-accent-fg disabled:opacity-70"
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
      <div className="rounded-2xl border border-border bg-surface p-8 shadow-xl">
        <h1 id="auth-title" className="font-display text-2xl font-bold">
          {title}
        </h1>
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </section>
  );
}
