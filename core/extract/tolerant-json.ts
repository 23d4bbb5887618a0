import { trimEnd } from "../trim-end.ts";

/**
 * JSON.parse that accepts what shops really publish: comments, trailing commas and semicolons,
 * HTML comment/CDATA wrappers, raw newlines inside strings, HTML-entity-encoded JSON.
 * Returns undefined instead of throwing.
 */
export function parseTolerantJson(text: string, maxLength = 5_000_000): unknown {
  if (text.length > maxLength) return undefined;
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // fall through to the cleaning pass
  }
  let cleaned = clean(trimmed);
  try {
    return JSON.parse(cleaned);
  } catch {
    if (!/&(quot|amp|#\d+|#x[0-9a-f]+);/i.test(cleaned)) return undefined;
  }
  cleaned = clean(decodeEntities(trimmed));
  try {
    return JSON.parse(cleaned);
  } catch {
    return undefined;
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) =>
      String.fromCodePoint(Number.parseInt(h, 16) % 0x110000),
    )
    .replace(/&amp;/g, "&");
}

/** One string-aware pass: drops comments and trailing commas, escapes raw control characters. */
function clean(input: string): string {
  // Trailing semicolons after the trim (what `/;+\s*$/` dropped, in one pass).
  let text = trimEnd(
    input
      .replace(/^\s*(?:<!--|<!\[CDATA\[)/, "")
      .replace(/(?:-->|\]\]>)\s*$/, "")
      .trim(),
    ";",
  );
  const out: string[] = [];
  let inString = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i] as string;
    if (inString) {
      if (ch === "\\") {
        out.push(ch, text[i + 1] ?? "");
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      if (ch === "\n") out.push("\\n");
      else if (ch === "\r") out.push("\\r");
      else if (ch === "\t") out.push("\\t");
      else out.push(ch);
      i++;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out.push(ch);
      i++;
      continue;
    }
    if (ch === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? n : end;
      continue;
    }
    if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (ch === ",") {
      let j = i + 1;
      while (j < n && /\s/.test(text[j] as string)) j++;
      if (text[j] === "}" || text[j] === "]") {
        i++;
        continue;
      }
    }
    out.push(ch);
    i++;
  }
  text = out.join("");
  return text;
}
