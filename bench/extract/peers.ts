import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Parser, Tokenizer } from "htmlparser2";

const require = createRequire(import.meta.url);

/**
 * metascraper and its shopping rules live in bench/peers/, with their own lockfile, installed
 * here the first time a benchmark needs them: metascraper depends on re2, a native add-on that
 * node-gyp compiles (a C++ compiler, and Node's headers from the internet) when its prebuilt
 * binary cannot be downloaded. The project's own `npm ci` (the README's two commands, CI, the
 * container image) never needs a compiler for it.
 */
const PEERS_DIR = fileURLToPath(new URL("../peers/", import.meta.url));
function requirePeers(): NodeJS.Require {
  if (!existsSync(`${PEERS_DIR}node_modules/metascraper/package.json`)) {
    process.stderr.write("installing the peer extractors in bench/peers (npm ci, once)\n");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: PEERS_DIR, stdio: "inherit" });
  }
  return createRequire(`${PEERS_DIR}package.json`);
}
const requirePeer = requirePeers();

/**
 * Built-ins as they are before the peers load. web-auto-extractor pulls in babel-polyfill
 * (core-js 2), which replaces String.prototype.trim/trimEnd/at, parseFloat, parseInt and
 * Function.prototype.toString with slower JavaScript versions for the whole process: every
 * contender, Dropwave included, would then be timed on them. They are put back once the peers
 * are loaded (the peers run on the native ones, which conform).
 */
const BUILTINS: readonly object[] = [
  String,
  String.prototype,
  Array,
  Array.prototype,
  Object,
  Number,
  Number.prototype,
  Math,
  RegExp,
  RegExp.prototype,
  Function.prototype,
  globalThis,
  Promise,
  Symbol,
  Map,
  Set,
  Reflect,
  JSON,
];

function loadWithoutPolyfills<T>(load: () => T): T {
  const saved = BUILTINS.map(
    (target) =>
      [
        target,
        new Map(
          Reflect.ownKeys(target).map((k) => [k, Object.getOwnPropertyDescriptor(target, k)]),
        ),
      ] as const,
  );
  const loaded = load();
  for (const [target, descriptors] of saved) {
    for (const [k, d] of descriptors) {
      const now = Object.getOwnPropertyDescriptor(target, k);
      if (d && now && (now.value !== d.value || now.get !== d.get || now.set !== d.set))
        Object.defineProperty(target, k, d);
    }
  }
  return loaded;
}

type Extracted = Record<string, unknown>;
type Metascraper = (input: { html: string; url: string }) => Promise<Record<string, unknown>>;
const { webAutoExtractor, parsePrice, priceParser, metascraper } = loadWithoutPolyfills(() => ({
  webAutoExtractor: (
    require("web-auto-extractor") as { default: () => { parse: (html: string) => Extracted } }
  ).default,
  parsePrice: require("parse-price") as (text: string) => number,
  priceParser: require("price-parser") as {
    parseFirst: (text: string) => { floatValue: number } | null;
  },
  metascraper: (requirePeer("metascraper") as (rules: unknown[]) => Metascraper)([
    (requirePeer("@samirrayani/metascraper-shopping") as () => unknown)(),
  ]),
}));

function firstKey(value: unknown, key: string, depth = 0): unknown {
  if (depth > 12 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstKey(item, key, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (record[key] !== undefined && typeof record[key] !== "object") return record[key];
  for (const v of Object.values(record)) {
    const found = firstKey(v, key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The structured-data-only approach other trackers start from: web-auto-extractor (JSON-LD,
 * microdata, RDFa, meta tags), the first `price` / `og:price:amount`, read by parse-price.
 */
export function structuredBaseline(html: string): {
  amount: number | null;
  currency: string | null;
  availability: unknown;
} {
  const data = webAutoExtractor().parse(html);
  const metas = (data.metatags ?? {}) as Record<string, unknown[]>;
  const rawPrice =
    firstKey(data.jsonld, "price") ??
    firstKey(data.microdata, "price") ??
    firstKey(data.rdfa, "price") ??
    metas["og:price:amount"]?.[0] ??
    metas["product:price:amount"]?.[0];
  const rawCurrency =
    firstKey(data.jsonld, "priceCurrency") ??
    firstKey(data.microdata, "priceCurrency") ??
    firstKey(data.rdfa, "priceCurrency") ??
    metas["og:price:currency"]?.[0] ??
    metas["product:price:currency"]?.[0];
  const amount = rawPrice === undefined ? null : parsePrice(String(rawPrice));
  const availability =
    firstKey(data.jsonld, "availability") ??
    firstKey(data.microdata, "availability") ??
    firstKey(data.rdfa, "availability") ??
    metas["product:availability"]?.[0] ??
    metas["og:availability"]?.[0];
  return {
    availability,
    amount: typeof amount === "number" && Number.isFinite(amount) && amount > 0 ? amount : null,
    currency: typeof rawCurrency === "string" ? rawCurrency.toUpperCase() : null,
  };
}

/**
 * metascraper with @samirrayani/metascraper-shopping's rules, as its README uses it (every
 * property the rules know, not only the price): its price (a number), currency and availability.
 */
export async function metascraperShopping(
  html: string,
  url: string,
): Promise<{ amount: number | null; currency: string | null; availability: unknown }> {
  const data = await metascraper({ html, url });
  const amount = typeof data.price === "number" ? data.price : Number(data.price);
  return {
    amount: Number.isFinite(amount) && amount > 0 ? amount : null,
    currency: typeof data.currency === "string" ? data.currency.trim().toUpperCase() : null,
    availability: data.availability ?? null,
  };
}

/** The floor: htmlparser2's tokenizer over the same bytes, doing nothing with the tokens. */
export function bareTokenize(html: string): void {
  const noop = () => {};
  const tokenizer = new Tokenizer(
    {},
    {
      onattribdata: noop,
      onattribentity: noop,
      onattribend: noop,
      onattribname: noop,
      oncdata: noop,
      onclosetag: noop,
      oncomment: noop,
      ondeclaration: noop,
      onend: noop,
      onopentagend: noop,
      onopentagname: noop,
      onprocessinginstruction: noop,
      onselfclosingtag: noop,
      ontext: noop,
      ontextentity: noop,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** htmlparser2's Parser with no handlers (tokenizer + its tag stack). */
export function bareParse(html: string): void {
  const parser = new Parser({});
  parser.write(html);
  parser.end();
}

export function peerParsePrice(text: string): number | null {
  const n = parsePrice(text);
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

export function peerPriceParser(text: string): number | null {
  const r = priceParser.parseFirst(text);
  return r && Number.isFinite(r.floatValue) ? r.floatValue : null;
}
