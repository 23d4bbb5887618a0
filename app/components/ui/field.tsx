const inputSizes = {
  sm: "rounded-lg px-2 py-1.5 text-sm",
  md: "rounded-lg px-3 py-2",
  lg: "rounded-xl px-4 py-3 text-lg",
};

/** The one look for text inputs and selects; `className` for layout (width, margins). */
export function inputClass({
  size = "md",
  className,
}: {
  size?: keyof typeof inputSizes;
  className?: string;
} = {}) {
  return [
    "border border-border bg-surface text-fg placeholder:text-muted focus:border-accent-2",
    inputSizes[size],
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** A labelled input with an optional hint and error, wired up for screen readers. */
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
        className={inputClass({ className: "w-full" })}
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
