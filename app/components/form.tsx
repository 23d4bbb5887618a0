import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { buttonClass } from "./ui/button.tsx";
import { cardClass } from "./ui/card.tsx";

// Forms' building blocks; the field itself is the UI primitive.
export { Field } from "./ui/field.tsx";

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
