import type { ReactNode } from "react";

/**
 * One choice of a radio group: the label is the hit area and wraps its input, so a click
 * anywhere on it chooses, and the checked state styles it through `has-[:checked]`.
 */
export function RadioOption({
  name,
  value,
  checked,
  onChoose,
  className,
  inputClassName,
  required,
  testId,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  className: string;
  inputClassName?: string;
  required?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className={inputClassName}
        required={required}
        data-testid={testId}
      />
      {children}
    </label>
  );
}
