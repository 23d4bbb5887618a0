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
 * Cost: every rule needs a word that one pass finds (MARKERS, or a word of the title), so an
 * ordinary product page costs that pass and the tests of the few rules whose word is on it
 * (challenge-fast-path.test.ts checks that the answer is the one of every rule run in full).
 */

export type Challenge = { vendor: ChallengeVendor; challenge: ChallengeKind };

type Headers = Record<string, string | string[] | undefined>;

/** Only the start of a page is read: a challenge page is short. */
const READ_CHARS = 400_000;

/**
 * The words the rules need, in one pass (case-insensitive). "captcha" stands for every
 * captcha marker (px-captcha, validateCaptcha, captcha-delivery, g-recaptcha, hcaptcha…).
 */
const MARKERS =
  /_cf_chl_opt|cf-error-details|cf-wrapper|automated|human|captcha|incapsula|turnstile|press/gi;
/** The words of the title rules. */
const TITLE_WORDS = /moment|cloudflare|amazon|robot|denied/i;

function header(headers: Headers, name: string): string {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

function titleOf(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return (match?.[1] ?? "").replace(/\s+/g, " ").trim();
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
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

/** Signs that the page is a real product page. */
export function hasProductContent(html: string): boolean {
  return (
    /"@type"\s*:\s*"(Product|ProductGroup|Offer)"/i.test(html) ||
    /property=["'](og:type)["'][^>]*content=["']product/i.test(html) ||
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
    found.add(match[0].toLowerCase());
    MARKERS.lastIndex = match.index + 1;
  }
  return found;
}

/**
 * What a rule may ask of the page: whether a marker word is on it (a necessary condition of the
 * rule's own tests, never sufficient), whether the title holds a title rule's word, the page.
 */
type Page = {
  has(marker: string): boolean;
  title: string;
  titleMayMatch: boolean;
  html: string;
};

export function classifyChallenge(
  status: number,
  headers: Headers,
  body: PageInput,
): Challenge | undefined {
  const html = pageText(body).slice(0, READ_CHARS);
  const markers = markersIn(html);
  const title = titleOf(html);
  return classify(status, headers, {
    has: (marker) => markers.has(marker),
    title,
    titleMayMatch: TITLE_WORDS.test(title),
    html,
  });
}

/**
 * The same rules with every marker taken as present, so that each rule runs all its tests:
 * what `classifyChallenge` must answer on any page (challenge.test.ts compares the two).
 */
export function classifyChallengeByEveryRule(
  status: number,
  headers: Headers,
  body: string,
): Challenge | undefined {
  const html = body.slice(0, READ_CHARS);
  return classify(status, headers, {
    has: () => true,
    title: titleOf(html),
    titleMayMatch: true,
    html,
  });
}

function classify(status: number, headers: Headers, page: Page): Challenge | undefined {
  const { has } = page;
  // A title rule needs one of TITLE_WORDS in the title.
  const titleIs = (pattern: RegExp) => page.titleMayMatch && pattern.test(page.title);
  const { html } = page;
  let isProductPage: boolean | undefined;
  const isProduct = () => {
    isProductPage ??= hasProductContent(html);
    return isProductPage;
  };
  // The visible text costs five passes over the page: made only when a test needs it.
  let visible: string | undefined;
  const text = () => {
    visible ??= visibleText(html);
    return visible;
  };
  const isSmall = () => html.length < 3000 || text().length < 3000;
  const isBlockStatus = status === 403 || status === 429 || status === 503 || status === 405;

  // Cloudflare
  if (/challenge/i.test(header(headers, "cf-mitigated"))) {
    return { vendor: "cloudflare", challenge: "js_challenge" };
  }
  if (
    titleIs(/^just a moment\.{0,3}$/i) ||
    (has("_cf_chl_opt") && /window\._cf_chl_opt\b/.test(html))
  ) {
    return { vendor: "cloudflare", challenge: "js_challenge" };
  }
  if (titleIs(/attention required!? \| cloudflare/i)) {
    return {
      vendor: "cloudflare",
      challenge:
        (has("captcha") || has("turnstile")) && /captcha|turnstile/i.test(html)
          ? "captcha"
          : "access_denied",
    };
  }
  if (
    isBlockStatus &&
    (has("cf-error-details") || has("cf-wrapper")) &&
    /cf-error-details|cf-wrapper/.test(html) &&
    /you have been blocked|access denied/i.test(text())
  ) {
    return { vendor: "cloudflare", challenge: "access_denied" };
  }

  // Amazon
  if (
    (has("captcha") && /\/errors\/validateCaptcha/i.test(html)) ||
    (titleIs(/^(amazon\.[a-z.]+|robot check)$/i) &&
      /enter the characters you see below/i.test(text())) ||
    (has("automated") &&
      /automated/i.test(html) &&
      /to discuss automated access to amazon data/i.test(text()))
  ) {
    return {
      vendor: "amazon",
      challenge: /captcha|characters/i.test(html) ? "captcha" : "robot_check",
    };
  }

  // Walmart (fronted by PerimeterX; its own wording first)
  if (
    titleIs(/robot or human\??/i) ||
    (has("human") && /human/i.test(html) && isSmall() && /robot or human\?/i.test(text()))
  ) {
    return { vendor: "walmart", challenge: "robot_check" };
  }

  // PerimeterX / HUMAN
  if (
    has("captcha") &&
    (/id=["']px-captcha["']/i.test(html) || /captcha\.px-cdn\.net/i.test(html))
  ) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }
  if (
    has("press") &&
    /press (&amp;|&) hold/i.test(html) &&
    !isProduct() &&
    /_px(AppId|Uuid|Vid)/.test(html) &&
    isSmall()
  ) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }

  // DataDome
  if (has("captcha") && /(geo\.)?captcha-delivery\.com/i.test(html) && !isProduct()) {
    return { vendor: "datadome", challenge: "captcha" };
  }
  if (isBlockStatus && header(headers, "x-datadome") !== "" && !isProduct()) {
    return { vendor: "datadome", challenge: "captcha" };
  }

  // Imperva / Incapsula
  if (
    has("incapsula") &&
    /incapsula/i.test(html) &&
    /incapsula incident id|request unsuccessful\. incapsula/i.test(text())
  ) {
    return { vendor: "imperva", challenge: "access_denied" };
  }
  if (
    has("incapsula") &&
    /_Incapsula_Resource/.test(html) &&
    /<iframe/i.test(html) &&
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
  const mayHaveWidget = has("captcha") || has("turnstile");
  if (!mayHaveWidget && !isBlockStatus) return undefined;
  if (isProduct()) return undefined;
  const hasWidget =
    mayHaveWidget &&
    (/class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i.test(html) ||
      /(recaptcha\/api\.js|hcaptcha\.com\/1\/api\.js|challenges\.cloudflare\.com\/turnstile)/i.test(
        html,
      ));
  const hasHumanWording = () =>
    /(verify|prove|confirm) (that )?you('| a)re (a )?human|are you a robot|not a robot|security check|unusual traffic|captcha/i.test(
      `${page.title} ${text()}`,
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
