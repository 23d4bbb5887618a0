import type { ChallengeKind, ChallengeVendor } from "./outcome.ts";

/**
 * Recognises captcha, robot-check and access-denied pages of the big stores and bot-management
 * CDNs, so a block is never parsed as a product (or as "out of stock"). Pure.
 *
 * Many protected stores load the vendor's sensor script on every ordinary page (Cloudflare's
 * challenge-platform, PerimeterX's `_pxAppId`, DataDome's tags.js, a reCAPTCHA for the newsletter
 * form), so such markers alone never count: a page needs a challenge's title, widget or error
 * text, and the weaker signals only count on pages without product content.
 */

export type Challenge = { vendor: ChallengeVendor; challenge: ChallengeKind };

type Headers = Record<string, string | string[] | undefined>;

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
    /add[\s_-]?to[\s_-]?(cart|basket|bag)/i.test(html)
  );
}

export function classifyChallenge(
  status: number,
  headers: Headers,
  body: string,
): Challenge | undefined {
  const html = body.length > 400_000 ? body.slice(0, 400_000) : body;
  const title = titleOf(html);
  const isProduct = hasProductContent(html);
  // The visible text costs five passes over the page: made only when a test needs it. Its
  // phrase tests first look for one of the phrase's words in the raw HTML (a tag between two
  // words becomes a space in the text, so a phrase in the text has each of its words in the HTML).
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
  if (/^just a moment\.{0,3}$/i.test(title) || /window\._cf_chl_opt\b/.test(html)) {
    return { vendor: "cloudflare", challenge: "js_challenge" };
  }
  if (/attention required!? \| cloudflare/i.test(title)) {
    return {
      vendor: "cloudflare",
      challenge: /captcha|turnstile/i.test(html) ? "captcha" : "access_denied",
    };
  }
  if (
    isBlockStatus &&
    /cf-error-details|cf-wrapper/.test(html) &&
    /you have been blocked|access denied/i.test(text())
  ) {
    return { vendor: "cloudflare", challenge: "access_denied" };
  }

  // Amazon
  if (
    /\/errors\/validateCaptcha/i.test(html) ||
    (/^(amazon\.[a-z.]+|robot check)$/i.test(title) &&
      /enter the characters you see below/i.test(text())) ||
    (/automated/i.test(html) && /to discuss automated access to amazon data/i.test(text()))
  ) {
    return {
      vendor: "amazon",
      challenge: /captcha|characters/i.test(html) ? "captcha" : "robot_check",
    };
  }

  // Walmart (fronted by PerimeterX; its own wording first)
  if (
    /robot or human\??/i.test(title) ||
    (/human/i.test(html) && isSmall() && /robot or human\?/i.test(text()))
  ) {
    return { vendor: "walmart", challenge: "robot_check" };
  }

  // PerimeterX / HUMAN
  if (/id=["']px-captcha["']/i.test(html) || /captcha\.px-cdn\.net/i.test(html)) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }
  if (
    !isProduct &&
    /press (&amp;|&) hold/i.test(html) &&
    /_px(AppId|Uuid|Vid)/.test(html) &&
    isSmall()
  ) {
    return { vendor: "perimeterx", challenge: "captcha" };
  }

  // DataDome
  if (!isProduct && /(geo\.)?captcha-delivery\.com/i.test(html)) {
    return { vendor: "datadome", challenge: "captcha" };
  }
  if (isBlockStatus && header(headers, "x-datadome") !== "" && !isProduct) {
    return { vendor: "datadome", challenge: "captcha" };
  }

  // Imperva / Incapsula
  if (
    /incapsula/i.test(html) &&
    /incapsula incident id|request unsuccessful\. incapsula/i.test(text())
  ) {
    return { vendor: "imperva", challenge: "access_denied" };
  }
  if (!isProduct && /_Incapsula_Resource/.test(html) && /<iframe/i.test(html) && isSmall()) {
    return { vendor: "imperva", challenge: "js_challenge" };
  }

  // Akamai
  if (
    /^access denied$/i.test(title) &&
    /reference\s*#\s*[0-9a-f]+\.[0-9a-f.]+/i.test(text()) &&
    /you don'?t have permission to access/i.test(text())
  ) {
    return { vendor: "akamai", challenge: "access_denied" };
  }

  // Generic captcha pages: a widget on a page with no product content and little text
  if (isProduct) return undefined;
  const hasWidget =
    /class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i.test(html) ||
    /(recaptcha\/api\.js|hcaptcha\.com\/1\/api\.js|challenges\.cloudflare\.com\/turnstile)/i.test(
      html,
    );
  const hasHumanWording = () =>
    /(verify|prove|confirm) (that )?you('| a)re (a )?human|are you a robot|not a robot|security check|unusual traffic|captcha/i.test(
      `${title} ${text()}`,
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
