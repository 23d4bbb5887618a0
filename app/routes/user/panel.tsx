import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import type { Intent, UserSection } from "./types.ts";

/** One section of /user: its id is the address's fragment that leads to it (`/user#<id>`). */
export function Panel({
  id,
  title,
  tone = "normal",
  children,
}: {
  id: UserSection;
  title: string;
  tone?: "normal" | "danger";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cardClass({ isDanger: tone === "danger", className: "scroll-mt-20 space-y-4" })}
    >
      <h2
        id={`${id}-title`}
        className={`text-lg font-semibold ${tone === "danger" ? "text-bad" : ""}`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A form of this page: posts its fields with the intent that names the action, and ends with
 * the intent's submit button (which shows `pendingText` while that intent is being sent).
 */
export function IntentForm({
  intent,
  submit,
  pendingText,
  tone,
  children,
}: {
  intent: Intent;
  submit: string;
  pendingText: string;
  tone?: "primary" | "secondary" | "danger";
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <IntentButton intent={intent} pendingText={pendingText} {...(tone ? { tone } : {})}>
        {submit}
      </IntentButton>
    </Form>
  );
}

export function IntentButton({
  intent,
  pendingText,
  tone = "primary",
  children,
}: {
  intent: Intent;
  pendingText: string;
  tone?: "primary" | "secondary" | "danger";
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const isPending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" variant={tone} size="lg" disabled={isPending}>
      {isPending ? pendingText : children}
    </Button>
  );
}
