/**
 * Altered copies of a saved page, to see what extraction makes of it without what an unseen
 * store would not share with the seen ones (stress.ts, explain.ts --as).
 */
import { createHash } from "node:crypto";

const hashOf = (token: string) =>
  `n${createHash("sha256").update(token).digest("hex").slice(0, 8)}`;

/** Every class and id token → a hash of itself. */
export function scrambleNames(html: string): string {
  return html.replace(
    /(\s(?:class|id)\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (_m, head: string, dq?: string, sq?: string) =>
      `${head}"${(dq ?? sq ?? "").split(/\s+/).filter(Boolean).map(hashOf).join(" ")}"`,
  );
}

/** JSON-LD blocks, microdata attributes and price meta tags removed. */
export function withoutStructuredData(html: string): string {
  return html
    .replace(/<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/\s(?:itemprop|itemscope|itemtype)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi, "")
    .replace(/<meta[^>]*(?:price|availability)[^>]*>/gi, "");
}

/**
 * Every <h1> made a <div> (its text stays): a store whose title is styled, not marked up, as
 * many script-built pages draw it.
 */
export function withoutH1(html: string): string {
  return html.replace(/<(\/?)h1(?=[\s>])/gi, "<$1div");
}

/**
 * Every visible amount drawn in pieces, as many stores draw them: "$49.99" →
 * "<span>$</span><span>49</span><sup>99</sup>", "49,99 €" → "<span>49</span><sup>,99</sup> €"
 * (text outside tags, scripts and styles only).
 */
export function inPieces(html: string): string {
  return html
    .split(/(<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]*>)/i)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(
              /([$£])\s?(\d{1,3}(?:,\d{3})*)\.(\d{2})(?!\d)/g,
              "<span>$1</span><span>$2</span><sup>$3</sup>",
            )
            .replace(
              /(?<![\d.,])(\d{1,3}(?:\.\d{3})*),(\d{2})(?=\s?€)/g,
              "<span>$1</span><sup>,$2</sup>",
            ),
    )
    .join("");
}

export const ALTERATIONS = {
  saved: (html: string) => html,
  scrambled: scrambleNames,
  nosd: withoutStructuredData,
  both: (html: string) => scrambleNames(withoutStructuredData(html)),
  noh1: withoutH1,
  pieces: inPieces,
  all: (html: string) => withoutH1(scrambleNames(withoutStructuredData(html))),
} as const;
