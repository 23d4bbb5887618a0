import { VERDICT_WORDS, type VerdictKey } from "../../../core/checks/price-verdict.ts";

/** Good news in green, a high price in red, the rest plain (decision 0061). */
const VERDICT_TONES: Partial<Record<VerdictKey, string>> = {
  lowest_ever: "font-semibold text-good",
  lowest_in_365: "font-semibold text-good",
  lowest_in_90: "font-semibold text-good",
  lowest_in_30: "font-semibold text-good",
  lower_than_usual: "font-semibold text-good",
  higher_than_usual: "font-semibold text-bad",
};

/** Where a price stands against its history, in words: "Lowest in 90 days", "Typical price". */
export function VerdictWords({
  verdict,
  className = "",
  testId,
}: {
  verdict: VerdictKey;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      className={`${VERDICT_TONES[verdict] ?? "font-semibold"} ${className}`}
      data-testid={testId}
    >
      {VERDICT_WORDS[verdict]}
    </span>
  );
}
