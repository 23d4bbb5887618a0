import { type PageInput, pageText } from "../page-input.ts";
import { cleanTitle, latin1, markersIn, readLatin1View, titleAt, titleOf } from "./page-view.ts";
import { classify } from "./rules.ts";

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

export type ChallengeVendor =
  | "amazon"
  | "cloudflare"
  | "akamai"
  | "perimeterx"
  | "datadome"
  | "imperva"
  | "walmart"
  | "generic";

export type ChallengeKind = "captcha" | "robot_check" | "js_challenge" | "access_denied";

export type Challenge = { vendor: ChallengeVendor; challenge: ChallengeKind };

type Headers = Record<string, string | string[] | undefined>;

/**
 * Only the start of a page is read: a challenge page is short. Its first 400 000 characters,
 * or, for a page given as bytes, the text of its first 400 000 bytes.
 */
const READ_LENGTH = 400_000;

/** The words of the title rules. */
const TITLE_WORDS = /moment|cloudflare|amazon|robot|denied/i;

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

export { hasProductContent } from "./page-view.ts";
