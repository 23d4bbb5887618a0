import type { Challenge } from "./index.ts";
import { hasProductContent, visibleText } from "./page-view.ts";

/**
 * The vendors' rules, in the order they are tried: the first that recognises the page answers.
 * Each rule asks the page through a Rule context, whose tests cost nothing until a rule needs
 * them (the visible text, whether it is a product page).
 */

type Headers = Record<string, string | string[] | undefined>;

/** A captcha widget's markup or script. */
const WIDGET_CLASS = /class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i;
const WIDGET_SCRIPT =
  /(recaptcha\/api\.js|hcaptcha\.com\/1\/api\.js|challenges\.cloudflare\.com\/turnstile)/i;

function header(headers: Headers, name: string): string {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
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

/**
 * What a rule may ask of the page: whether a marker word is on it, whether an ASCII pattern
 * (one that matches ASCII characters only) is on it, and whether the title holds a title rule's
 * word — each a necessary condition of the rule's own tests, never sufficient — then the text
 * itself (the title, the page), decoded once, when first asked for.
 */
export type Page = {
  has(marker: string): boolean;
  may(asciiPattern: RegExp): boolean;
  titleMayMatch: boolean;
  title(): string;
  html(): string;
};

/** What every rule is given: the page's tests, made once, each only when first asked for. */
type RuleContext = {
  headers: Headers;
  has(marker: string): boolean;
  may(asciiPattern: RegExp): boolean;
  /** A title rule: needs one of TITLE_WORDS in the title, then the pattern. */
  titleIs(pattern: RegExp): boolean;
  /** A pattern of ASCII characters on the page: looked for undecoded first, then in the text. */
  inPage(pattern: RegExp): boolean;
  isProduct(): boolean;
  /** The visible text (five passes over the page: made only when a test needs it). */
  text(): string;
  isSmall(): boolean;
  isBlockStatus: boolean;
  title(): string;
  html(): string;
};
type Rule = (page: RuleContext) => Challenge | undefined;

function ruleContext(status: number, headers: Headers, page: Page): RuleContext {
  let isProductPage: boolean | undefined;
  let visible: string | undefined;
  const text = () => {
    visible ??= visibleText(page.html());
    return visible;
  };
  return {
    headers,
    has: page.has,
    may: page.may,
    titleIs: (pattern) => page.titleMayMatch && pattern.test(page.title()),
    inPage: (pattern) => page.may(pattern) && pattern.test(page.html()),
    isProduct: () => {
      isProductPage ??= hasProductContent(page.html());
      return isProductPage;
    },
    text,
    isSmall: () => page.html().length < 3000 || text().length < 3000,
    isBlockStatus: status === 403 || status === 429 || status === 503 || status === 405,
    title: page.title,
    html: page.html,
  };
}

const cloudflare: Rule = ({ headers, has, titleIs, inPage, isBlockStatus, text }) => {
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
  return undefined;
};

const amazon: Rule = ({ has, may, titleIs, inPage, text, html }) => {
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
  return undefined;
};

/** Walmart is fronted by PerimeterX: its own wording first. */
const walmart: Rule = ({ has, may, titleIs, inPage, isSmall, text }) =>
  titleIs(/robot or human\??/i) ||
  (has("human") &&
    may(SPELLS_ROBOT) &&
    inPage(/human/i) &&
    isSmall() &&
    /robot or human\?/i.test(text()))
    ? { vendor: "walmart", challenge: "robot_check" }
    : undefined;

/** PerimeterX / HUMAN. */
const perimeterx: Rule = ({ has, inPage, isProduct, isSmall }) =>
  (has("captcha") && (inPage(/id=["']px-captcha["']/i) || inPage(/captcha\.px-cdn\.net/i))) ||
  (has("_px") &&
    inPage(/_px(AppId|Uuid|Vid)/) &&
    inPage(/press (&amp;|&) hold/i) &&
    !isProduct() &&
    isSmall())
    ? { vendor: "perimeterx", challenge: "captcha" }
    : undefined;

const datadome: Rule = ({ has, inPage, isProduct, isBlockStatus, headers }) =>
  (has("captcha") && inPage(/(geo\.)?captcha-delivery\.com/i) && !isProduct()) ||
  (isBlockStatus && header(headers, "x-datadome") !== "" && !isProduct())
    ? { vendor: "datadome", challenge: "captcha" }
    : undefined;

/** Imperva / Incapsula. */
const imperva: Rule = ({ has, inPage, text, isProduct, isSmall }) => {
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
  return undefined;
};

const akamai: Rule = ({ titleIs, text }) =>
  titleIs(/^access denied$/i) &&
  /reference\s*#\s*[0-9a-f]+\.[0-9a-f.]+/i.test(text()) &&
  /you don'?t have permission to access/i.test(text())
    ? { vendor: "akamai", challenge: "access_denied" }
    : undefined;

/**
 * Generic captcha pages: a widget on a page with no product content and little text. The
 * block-status rule reads the visible text alone (where an entity may spell a word), so it
 * has no marker: it runs on every such status.
 */
const generic: Rule = ({ has, inPage, isBlockStatus, isProduct, isSmall, title, text }) => {
  const hasWidget =
    (has("captcha") || has("turnstile")) && (inPage(WIDGET_CLASS) || inPage(WIDGET_SCRIPT));
  if (!hasWidget && !isBlockStatus) return undefined;
  if (isProduct()) return undefined;
  const hasHumanWording = () =>
    /(verify|prove|confirm) (that )?you('| a)re (a )?human|are you a robot|not a robot|security check|unusual traffic|captcha/i.test(
      `${title()} ${text()}`,
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
};

const RULES: readonly Rule[] = [
  cloudflare,
  amazon,
  walmart,
  perimeterx,
  datadome,
  imperva,
  akamai,
  generic,
];

export function classify(status: number, headers: Headers, page: Page): Challenge | undefined {
  const context = ruleContext(status, headers, page);
  for (const rule of RULES) {
    const found = rule(context);
    if (found) return found;
  }
  return undefined;
}
