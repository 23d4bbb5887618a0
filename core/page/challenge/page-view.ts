/**
 * The page as the challenge rules read it, each in one pass and in linear time whatever the
 * markup (crafted pages once took seconds of a thread with the equivalent regular expressions):
 * the marker words, the title, the text without scripts and tags, and signs of a product page.
 */

/**
 * The words the rules need, in one pass (case-insensitive). "captcha" stands for every
 * captcha marker (px-captcha, validateCaptcha, captcha-delivery, g-recaptcha, hcaptcha…), and
 * "_px" for PerimeterX's `_pxAppId`, `_pxUuid` and `_pxVid` (rarer than the "press" of its
 * "Press & Hold", which "WordPress" and "express" put on most pages). Rules that only a
 * blocking status can fire need no word: their patterns are looked for on such pages alone.
 */
const MARKERS = /_cf_chl_opt|automated|human|captcha|incapsula|turnstile|_px(?:appid|uuid|vid)/gi;
/**
 * Where the page's title text is: what `/<title[^>]*>([\s\S]*?)<\/title>/i` captures, found in
 * one pass. That regex tries every `<title` in turn, each to the page's end when no `>` or
 * `</title>` follows: seconds of this thread on a crafted page. But only the first `<title` can
 * match: a later one has no `>` or `</title>` after it if the first has none.
 */
export function titleAt(html: string): { start: number; end: number } | undefined {
  const search = new TitleSearch();
  search.read(html, 0);
  return search.at;
}
const TITLE_OPEN = /<title/i;
const TITLE_CLOSE = /<\/title>/gi;

/**
 * `titleAt`'s one pass, fed the page in one piece or in consecutive ones, each given with the
 * characters before it that a tag cut by the previous piece's end needs (readLatin1View):
 * the first `<title`, the first `>` after it, then the first `</title>` after that.
 */
class TitleSearch {
  /** Where the `<title` and its `>` are in the page (-1: not found yet). */
  private open = -1;
  private gt = -1;
  at: { start: number; end: number } | undefined;
  private isDone = false;

  /** Reads `piece`, which starts at `base` in the page. */
  read(piece: string, base: number): void {
    if (this.isDone) return;
    if (this.open < 0) {
      const found = TITLE_OPEN.exec(piece);
      if (found) this.open = base + found.index;
    }
    if (this.open >= 0 && this.gt < 0) {
      const found = piece.indexOf(">", Math.max(0, this.open + "<title".length - base));
      if (found >= 0) this.gt = base + found;
    }
    if (this.gt >= 0) {
      TITLE_CLOSE.lastIndex = Math.max(0, this.gt + 1 - base);
      const close = TITLE_CLOSE.exec(piece);
      if (close) {
        this.at = { start: this.gt + 1, end: base + close.index };
        this.isDone = true;
      }
    }
  }
}

export function titleOf(html: string): string {
  const at = titleAt(html);
  return at ? cleanTitle(html.slice(at.start, at.end)) : "";
}

export function cleanTitle(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

const RAW_OPEN = /<(script|style|noscript|template)\b/gi;

/**
 * `html.replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " ")` in linear time:
 * that regex searches the rest of the page for a closing tag from every opening one, and a page
 * of unclosed `<script>`s took it seconds. An opening with no closing of its name after it
 * is skipped at once (each name's last closing is found once).
 */
export function withoutRawBlocks(html: string): string {
  /** Each name's closing tag, and where its last one on the page starts (-1: none). */
  const closings = new Map<string, { pattern: RegExp; last: number }>();
  let out = "";
  let from = 0;
  RAW_OPEN.lastIndex = 0;
  for (let open = RAW_OPEN.exec(html); open; open = RAW_OPEN.exec(html)) {
    const name = (open[1] as string).toLowerCase();
    let closing = closings.get(name);
    if (closing === undefined) {
      const pattern = new RegExp(`</${name}>`, "gi");
      let last = -1;
      for (let m = pattern.exec(html); m; m = pattern.exec(html)) last = m.index;
      closing = { pattern, last };
      closings.set(name, closing);
    }
    const after = open.index + open[0].length;
    if (closing.last < after) continue;
    closing.pattern.lastIndex = after;
    const end = closing.pattern.exec(html) as RegExpExecArray;
    out += `${html.slice(from, open.index)} `;
    from = end.index + end[0].length;
    RAW_OPEN.lastIndex = from;
  }
  return out + html.slice(from);
}

/**
 * `html.replace(/<[^>]+>/g, " ")` in linear time (that regex runs to the page's end from every
 * `<` when no `>` follows). A tag is `<`, one character other than `>`, then up to the first `>`.
 */
export function withoutTags(html: string): string {
  let out = "";
  let from = 0;
  let at = 0;
  for (;;) {
    const lt = html.indexOf("<", at);
    if (lt === -1) break;
    if (html.charCodeAt(lt + 1) === 0x3e) {
      at = lt + 1;
      continue;
    }
    const gt = html.indexOf(">", lt + 1);
    if (gt === -1) break;
    out += `${html.slice(from, lt)} `;
    from = gt + 1;
    at = from;
  }
  return out + html.slice(from);
}

export function visibleText(html: string): string {
  return withoutTags(withoutRawBlocks(html))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) =>
      String.fromCodePoint(Number.parseInt(h, 16) % 0x110000),
    )
    .replace(
      /&(amp|lt|gt|quot|apos|nbsp);/gi,
      (_m, n: string) => namedEntities[n.toLowerCase()] ?? " ",
    )
    .replace(/\s+/g, " ")
    .trim();
}

const OG_TYPE_PARTS = /property=["']og:type["']|content=["']product|>/gi;

/**
 * `/property=["'](og:type)["'][^>]*content=["']product/i.test(html)` in one pass (that regex
 * scans to the next `>` from every `property="og:type"`: tens of seconds on a crafted page).
 * The three parts never overlap, so one scan sees each in order; a `>` ends a tag.
 */
export function hasProductOgType(html: string): boolean {
  OG_TYPE_PARTS.lastIndex = 0;
  let isInOgType = false;
  for (let m = OG_TYPE_PARTS.exec(html); m; m = OG_TYPE_PARTS.exec(html)) {
    const part = m[0];
    if (part === ">") isInOgType = false;
    else if (part[0] === "p" || part[0] === "P") isInOgType = true;
    else if (isInOgType) return true;
  }
  return false;
}

/** Signs that the page is a real product page. */
export function hasProductContent(html: string): boolean {
  return (
    /"@type"\s*:\s*"(Product|ProductGroup|Offer)"/i.test(html) ||
    hasProductOgType(html) ||
    /property=["'](product:price:amount|og:price:amount)["']/i.test(html) ||
    /itemprop=["']price["']/i.test(html) ||
    /itemtype=["']https?:\/\/schema\.org\/Product["']/i.test(html) ||
    /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)/i.test(html)
  );
}

/** The lower-cased markers of MARKERS on the page (every occurrence, overlapping ones too). */
export function markersIn(source: string): Set<string> {
  const found = new Set<string>();
  MARKERS.lastIndex = 0;
  for (let match = MARKERS.exec(source); match; match = MARKERS.exec(source)) {
    const marker = match[0].toLowerCase();
    found.add(marker.startsWith("_px") ? "_px" : marker);
    MARKERS.lastIndex = match.index + 1;
  }
  return found;
}

export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
}

/**
 * The view is read in pieces of this many bytes: a Latin-1 string of 64 KB stays under the
 * ~128 KB from which V8 maps a string its own memory (the view of a page's first 400 KB in one
 * string cost ~2.8 ms of this event loop per page on a machine where mapping is slow).
 */
const VIEW_PIECE = 65_536;
/** Every marker and the title's tags are this long at most: pieces overlap by one less. */
const LONGEST_WORD = Math.max("_cf_chl_opt".length, "</title>".length);

/**
 * What `markersIn(view)` and `titleAt(view)` give for the Latin-1 view of `bytes`, read in
 * pieces: each piece is searched with the last characters of the one before, so that a word
 * cut by a piece's end is found whole.
 */
export function readLatin1View(
  bytes: Uint8Array,
  pieceBytes = VIEW_PIECE,
): { markers: Set<string>; at: { start: number; end: number } | undefined } {
  const markers = new Set<string>();
  const overlap = LONGEST_WORD - 1;
  const title = new TitleSearch();
  for (let from = 0; from < bytes.length; from += pieceBytes) {
    // The piece with the `overlap` characters before it: `base` is where it starts in the view.
    const base = Math.max(0, from - overlap);
    const piece = latin1(bytes.subarray(base, Math.min(bytes.length, from + pieceBytes)));
    for (const marker of markersIn(piece)) markers.add(marker);
    title.read(piece, base);
  }
  return { markers, at: title.at };
}
