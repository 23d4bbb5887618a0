import type { ChallengeKind, ChallengeVendor } from "./outcome.ts";
import { type PageInput, pageText } from "./page-input.ts";

/**
 * Recognises captcha, robot-check and access-denied pages of the big stores and bot-management
 * CDNs, so a block is never parsed as a product (or as "out of stock"). Pure.
 *
 * Many protected stores load the vendor's sensor script on every ordinary page (Cloudflare's
 * challenge-platform, PerimeterX's `_pxAppId`, DataDome's tags.js, a reCAPTCHA for the newsletter
 * form), so such markers alone never count: a page needs a challenge's title, widget or error
 * text, and the weaker signals only count on pages without product content.
 *
 * Cost: every rule needs a word that one pass finds (MARKERS, or a word of the title) or a
 * blocking status, and most rules an ASCII pattern found in the page as it came: an ordinary
 * product page costs that pass, a few pattern tests, and no decoding of its bytes on this
 * thread; a rule whose pattern is on the page runs its own tests on the decoded text.
 * challenge-fast-path.test.ts checks that the answers are those of every rule run in full.
 */

export type Challenge = { vendor: ChallengeVendor; challenge: ChallengeKind };

type Headers = Record<string, string | string[] | undefined>;

/**
 * Only the start of a page is read: a challenge page is short. Its first 400 000 characters,
 * or, for a page given as bytes, the text of its first 400 000 bytes.
 */
const READ_LENGTH = 400_000;

/**
 * The words the rules need, in one pass (case-insensitive). "captcha" stands for every
 * captcha marker (px-captcha, validateCaptcha, captcha-delivery, g-recaptcha, hcaptcha…), and
 * "_px" for PerimeterX's `_pxAppId`, `_pxUuid` and `_pxVid` (rarer than the "press" of its
 * "Press & Hold", which "WordPress" and "express" put on most pages). Rules that only a
 * blocking status can fire need no word: their patterns are looked for on such pages alone.
 */
const MARKERS = /_cf_chl_opt|automated|human|captcha|incapsula|turnstile|_px(?:appid|uuid|vid)/gi;
/** A captcha widget's markup or script. */
const WIDGET_CLASS = /class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i;
const WIDGET_SCRIPT =
  /(recaptcha\/api\.js|hcaptcha\.com\/1\/api\.js|challenges\.cloudflare\.com\/turnstile)/i;
/** The words of the title rules. */
const TITLE_WORDS = /moment|cloudflare|amazon|robot|denied/i;

function header(headers: Headers, name: string): string {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

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

function titleOf(html: string): string {
  const at = titleAt(html);
  return at ? cleanTitle(html.slice(at.start, at.end)) : "";
}

function cleanTitle(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

/**
 * A pattern for `word` in the visible text as the HTML may spell it: each letter as itself or
 * as a numeric character reference (the only entities visibleText turns into letters).
 */
function spelled(word: string): RegExp {
  return new RegExp([...word].map((letter) => `(?:${letter}|&#x?[0-9a-f]+;)`).join(""), "i");
}
const SPELLS_ROBOT = spelled("robot");
const SPELLS_DISCUSS = spelled("discuss");

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

function visibleText(html: string): string {
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
function markersIn(source: string): Set<string> {
  const found = new Set<string>();
  MARKERS.lastIndex = 0;
  for (let match = MARKERS.exec(source); match; match = MARKERS.exec(source)) {
    const marker = match[0].toLowerCase();
    found.add(marker.startsWith("_px") ? "_px" : marker);
    MARKERS.lastIndex = match.index + 1;
  }
  return found;
}

/**
 * What a rule may ask of the page: whether a marker word is on it, whether an ASCII pattern
 * (one that matches ASCII characters only) is on it, and whether the title holds a title rule's
 * word — each a necessary condition of the rule's own tests, never sufficient — then the text
 * itself (the title, the page), decoded once, when first asked for.
 */
type Page = {
  has(marker: string): boolean;
  may(asciiPattern: RegExp): boolean;
  titleMayMatch: boolean;
  title(): string;
  html(): string;
};

/**
 * Where the markers and ASCII patterns are looked for without decoding: the Latin-1 reading of
 * bytes in UTF-8 or a single-byte encoding, where every ASCII character of the text is the same
 * byte, in the same order, and every other character is made of non-ASCII bytes only.
 */
const READS_AS_BYTES =
  /^(utf-8|windows-\d+|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic)$/;

export function classifyChallenge(
  status: number,
  headers: Headers,
  body: PageInput,
): Challenge | undefined {
  let view: () => string;
  let html: () => string;
  let titleOfPage: () => string;
  let markers: Set<string>;
  let at: { start: number; end: number } | undefined;
  let viewTitle: string;
  if (typeof body !== "string" && READS_AS_BYTES.test(body.charset)) {
    const bytes = body.bytes.subarray(0, READ_LENGTH);
    const decoder = new TextDecoder(body.charset);
    // Markers and title are found in the view read piece by piece; the view in one string is
    // made only when a rule's pattern is to be looked for (a marker is on the page).
    ({ markers, at } = readLatin1View(bytes));
    let whole: string | undefined;
    view = () => {
      whole ??= latin1(bytes);
      return whole;
    };
    let text: string | undefined;
    html = () => {
      text ??= decoder.decode(bytes);
      return text;
    };
    viewTitle = at ? cleanTitle(latin1(bytes.subarray(at.start, at.end))) : "";
    // The title's bytes are where its characters are in the view: only they are decoded.
    titleOfPage = () => (at ? cleanTitle(decoder.decode(bytes.subarray(at.start, at.end))) : "");
  } else {
    const text = pageText(body).slice(0, READ_LENGTH);
    view = () => text;
    html = () => text;
    at = titleAt(text);
    markers = markersIn(text);
    viewTitle = at ? cleanTitle(text.slice(at.start, at.end)) : "";
    // The view is the text: its title is the page's.
    titleOfPage = () => viewTitle;
  }
  let title: string | undefined;
  return classify(status, headers, {
    has: (marker) => markers.has(marker),
    may: (pattern) => pattern.test(view()),
    titleMayMatch: TITLE_WORDS.test(viewTitle),
    title: () => {
      title ??= titleOfPage();
      return title;
    },
    html,
  });
}

function latin1(bytes: Uint8Array): string {
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

/**
 * The same rules with every marker and pattern taken as present, so that each rule runs all
 * its tests: what `classifyChallenge` must answer on any page (challenge-fast-path.test.ts).
 */
export function classifyChallengeByEveryRule(
  status: number,
  headers: Headers,
  body: string,
): Challenge | undefined {
  const html = body.slice(0, READ_LENGTH);
  const title = titleOf(html);
  return classify(status, headers, {
    has: () => true,
    may: () => true,
    titleMayMatch: true,
    title: () => title,
    html: () => html,
  });
}

function classify(status: number, headers: Headers, page: Page): Challenge | undefined {
  const { has, may, html } = page;
  // A title rule needs one of TITLE_WORDS in the title.
  const titleIs = (pattern: RegExp) => page.titleMayMatch && pattern.test(page.title());
  /** A pattern of ASCII characters on the page: looked for undecoded first, then in the text. */
  const inPage = (pattern: RegExp) => may(pattern) && pattern.test(html());
  let isProductPage: boolean | undefined;
  const isProduct = () => {
    isProductPage ??= hasProductContent(html());
    return isProductPage;
  };
  // The visible text costs five passes over the page: made only when a test needs it.
  let visible: string | undefined;
  const text = () => {
    visible ??= visibleText(html());
    return visible;
  };
  const isSmall = () => html().length < 3000 || text().length < 3000;
  const isBlockStatus = status === 403 || status === 429 || status === 503 || status === 405;

  // Cloudflare
  if (/challenge/i.test(header(headers, "cf-mitigated"))) {
    return { vendor: "cloudflare", challenge: "js_challenge" };
  }
  if (
    titleIs(/^just a moment\.{0,3}$/i) ||
    (has("_cf_chl_opt") && inPage(/window\._cf_chl_opt\b/))
  ) {
    return { vendor: "cloudflare", challenge: "js_challenge" };
  }
  if (titleIs(/attention required!? \| cloudflare/i)) {
    return {
      vendor: "cloudflare",
      challenge:
        (has("captcha") || has("turnstile")) && inPage(/captcha|turnstile/i)
          ? "captcha"
          : "access_denied",
    };
  }
  if (
    isBlockStatus &&
    inPage(/cf-error-details|cf-wrapper/) &&
    /you have been blocked|access denied/i.test(text())
  ) {
    return { vendor: "cloudflare", challenge: "access_denied" };
  }

  // Amazon
  if (
    (has("captcha") && inPage(/\/errors\/validateCaptcha/i)) ||
    (titleIs(/^(amazon\.[a-z.]+|robot check)$/i) &&
      /enter the characters you see below/i.test(text())) ||
    (has("automated") &&
      may(SPELLS_DISCUSS) &&
      inPage(/automated/i) &&
      /to discuss automated access to amazon data/i.test(text()))
  ) {
    return {
      vendor: "amazon",
      challenge: /captcha|characters/i.test(html()) ? "captcha" : "robot_check",
    };
  }

  // Walmart (fronted by PerimeterX; its own wording first)
  if (
    titleIs(/robot or human\??/i) ||
    (has("human") &&
      may(SPELLS_ROBOT) &&
      inPage(/human/i) &&
      isSmall() &&
      /robot or human\?/i.test(text()))
  ) {
    return { vendor: "walmart", challenge: "robot_check" };
  }

  // PerimeterX / HUMAN
  if (has("captcha") && (inPage(/id=["']px-captcha["']/i) || inPage(/captcha\.px-cdn\.net/i))) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }
  if (
    has("_px") &&
    inPage(/_px(AppId|Uuid|Vid)/) &&
    inPage(/press (&amp;|&) hold/i) &&
    !isProduct() &&
    isSmall()
  ) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }

  // DataDome
  if (has("captcha") && inPage(/(geo\.)?captcha-delivery\.com/i) && !isProduct()) {
    return { vendor: "datadome", challenge: "captcha" };
  }
  if (isBlockStatus && header(headers, "x-datadome") !== "" && !isProduct()) {
    return { vendor: "datadome", challenge: "captcha" };
  }

  // Imperva / Incapsula
  if (
    has("incapsula") &&
    inPage(/incapsula/i) &&
    /incapsula incident id|request unsuccessful\. incapsula/i.test(text())
  ) {
    return { vendor: "imperva", challenge: "access_denied" };
  }
  if (
    has("incapsula") &&
    inPage(/_Incapsula_Resource/) &&
    inPage(/<iframe/i) &&
    !isProduct() &&
    isSmall()
  ) {
    return { vendor: "imperva", challenge: "js_challenge" };
  }

  // Akamai
  if (
    titleIs(/^access denied$/i) &&
    /reference\s*#\s*[0-9a-f]+\.[0-9a-f.]+/i.test(text()) &&
    /you don'?t have permission to access/i.test(text())
  ) {
    return { vendor: "akamai", challenge: "access_denied" };
  }

  // Generic captcha pages: a widget on a page with no product content and little text. The
  // block-status rule reads the visible text alone (where an entity may spell a word), so it
  // has no marker: it runs on every such status.
  const hasWidget =
    (has("captcha") || has("turnstile")) && (inPage(WIDGET_CLASS) || inPage(WIDGET_SCRIPT));
  if (!hasWidget && !isBlockStatus) return undefined;
  if (isProduct()) return undefined;
  const hasHumanWording = () =>
    /(verify|prove|confirm) (that )?you('| a)re (a )?human|are you a robot|not a robot|security check|unusual traffic|captcha/i.test(
      `${page.title()} ${text()}`,
    );
  if (hasWidget && isSmall() && hasHumanWording()) {
    return { vendor: "generic", challenge: "captcha" };
  }
  if (
    isBlockStatus &&
    isSmall() &&
    /unusual traffic|are you a robot|verify you are human/i.test(text())
  ) {
    return { vendor: "generic", challenge: "robot_check" };
  }
  return undefined;
}
