/**
 * The peers (baseline, metascraper-shopping, bare tokenizer, bare parser, the two price-string
 * parsers) run in this worker thread, in their own V8 isolate: web-auto-extractor loads
 * babel-polyfill (core-js 2), which rewrites built-ins of whatever isolate loads it and roughly
 * doubled Dropwave's own time when both ran in one isolate — a cost no Dropwave process ever
 * pays. The main thread still interleaves the contenders page by page: each call here is
 * synchronous for the main thread (Atomics), timed here around the call alone. metascraper
 * answers with a promise: its time runs until the promise settles (its rules do no I/O, so that
 * is its work and nothing else).
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import {
  bareParse,
  bareTokenize,
  metascraperShopping,
  peerParsePrice,
  peerPriceParser,
  structuredBaseline,
} from "./peers.ts";

// The peers' own messages ("Error in jsonld parse - …") are about some page, unnamed: a blind
// page's must not reach the terminal either, so the worker prints nothing.
for (const method of ["log", "info", "warn", "error", "debug", "trace"] as const)
  console[method] = () => {};

type Input = { pages: string[]; urls: string[]; strings: string[]; control: SharedArrayBuffer };
const { pages: paths, urls, strings, control } = workerData as Input;
const pages = paths.map((p) => readFileSync(p, "utf8"));
const state = new Int32Array(control, 0, 4);
const elapsed = new Float64Array(control, 16, 1);

/** In the order of PEER_KINDS (peer-client.ts). */
const KINDS: readonly ((html: string, url: string) => unknown)[] = [
  structuredBaseline,
  bareTokenize,
  bareParse,
  metascraperShopping,
];

const guard = <T>(fn: () => T): T | null => {
  try {
    return fn();
  } catch {
    return null;
  }
};
const noAnswer = { amount: null, currency: null, availability: null };
const metascraperAnswers: Awaited<ReturnType<typeof metascraperShopping>>[] = [];
for (const [i, html] of pages.entries())
  metascraperAnswers.push(await metascraperShopping(html, urls[i] ?? "").catch(() => noAnswer));
parentPort?.postMessage({
  answers: pages.map((html) => structuredBaseline(html)),
  metascraper: metascraperAnswers,
  strings: strings.map((s) => ({
    parsePrice: guard(() => peerParsePrice(s)),
    priceParser: guard(() => peerPriceParser(s)),
  })),
});

// state[0]: 0 idle, 1 a call is asked (kind state[1], page state[2]), 2 done, 3 stop.
for (;;) {
  Atomics.wait(state, 0, 0);
  const asked = Atomics.load(state, 0);
  if (asked === 3) break;
  if (asked !== 1) continue;
  const fn = KINDS[state[1] ?? 0] ?? structuredBaseline;
  const page = state[2] ?? 0;
  const html = pages[page] ?? "";
  const t = performance.now();
  const out = fn(html, urls[page] ?? "");
  if (out instanceof Promise) await out.catch(() => null);
  elapsed[0] = performance.now() - t;
  Atomics.store(state, 0, 2);
  Atomics.notify(state, 0);
}
