/**
 * `text` without the run of any of `chars` at its end: what `text.replace(/[…]+$/, "")` gives,
 * in one pass. That regex restarts at every character of a long run, which makes it quadratic
 * on a crafted input (docs/ARCHITECTURE.md, "Untrusted text and regexes"). Pure: core/extract
 * and core/money use it in the browser too.
 */
export function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end--;
  return text.slice(0, end);
}
