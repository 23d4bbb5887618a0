import { trimEnd } from "../../core/trim-end.ts";

/**
 * What a share target or bookmarklet hands `/hub/add`: the product's address. Browsers and
 * apps differ in where they put it: desktop browsers fill `url`; many Android apps put the
 * link inside `text` ("Look at this! https://…") and leave `url` empty; some only fill `title`.
 * The first http(s) address found, in that order, wins; anything else is ignored.
 */
export function sharedProductUrl(params: URLSearchParams): string | null {
  for (const name of ["url", "text", "title"]) {
    const value = params.get(name);
    if (!value) continue;
    const found = firstHttpUrl(value);
    if (found) return found;
  }
  return null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/i;
const TRAILING_PUNCTUATION = ").,;:!?»”’";

function firstHttpUrl(text: string): string | null {
  const match = URL_IN_TEXT.exec(text.slice(0, 4_000));
  if (!match) return null;
  // Sentence punctuation right after a link is not part of it.
  const candidate = trimEnd(match[0], TRAILING_PUNCTUATION);
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
