/**
 * How many saved pages yield a landed price (issue #37 item 6): shipping (a cost, a free-shipping
 * threshold) and a unit price, per corpus.
 *   npx node bench/extract/landed-report.ts [--corpus DIR] [--show]
 * `--show` prints what each page yields; `--time` the time reading them costs beside the whole
 * extraction (per page, the least of 7 interleaved rounds). Pages of the blind third (blind.ts)
 * are never read.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { readLanded } from "../../core/extract/landed.ts";
import { scanHtml } from "../../core/extract/scan/index.ts";
import { isBlindStore } from "./blind.ts";
import { findCorpus, readCorpus } from "./corpus.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    show: { type: "boolean", default: false },
    time: { type: "boolean", default: false },
  },
});
const root = findCorpus(values.corpus ?? process.env.DROPWAVE_CORPUS ?? "../shared/corpus");

const timed: { html: string; url: string }[] = [];
for (const name of ["benchmark", "us-stores"]) {
  const dir = resolve(root, name);
  const rows = readCorpus(dir);
  let read = 0;
  let blind = 0;
  let shipping = 0;
  let cost = 0;
  let threshold = 0;
  let unit = 0;
  for (const row of rows) {
    if (isBlindStore(row.store)) {
      blind++;
      continue;
    }
    read++;
    const html = readFileSync(resolve(dir, row.path), "utf8");
    const result = extractProduct(html, row.url);
    if (result.price) timed.push({ html, url: row.url });
    const s = result.shipping;
    if (s) shipping++;
    if (s && s.costMinor !== null) cost++;
    if (s?.freeAboveMinor !== undefined) threshold++;
    if (result.unitPrice) unit++;
    if (values.show && (s || result.unitPrice))
      console.log(
        `${name} ${row.store} ${row.path.slice(-16)} price=${JSON.stringify(result.price)} shipping=${JSON.stringify(s ?? null)} unit=${JSON.stringify(result.unitPrice ?? null)}`,
      );
  }
  console.log(
    `${name}: ${read} pages read (${blind} of blind stores not read): shipping ${shipping} (cost ${cost}, free-shipping threshold ${threshold}), unit price ${unit}`,
  );
}

if (values.time) {
  // The landed reading alone (on a scan made beforehand) against the whole extraction.
  const scans = timed.map((p) => scanHtml(p.html));
  const prices = timed.map((p) => extractProduct(p.html, p.url).price);
  const landed = timed.map(() => Number.POSITIVE_INFINITY);
  const whole = timed.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 7; round++) {
    timed.forEach((p, i) => {
      const price = prices[i];
      const scan = scans[i];
      if (!price || !scan) return;
      let at = performance.now();
      readLanded(scan, price, null, null);
      landed[i] = Math.min(landed[i] ?? 0, performance.now() - at);
      at = performance.now();
      extractProduct(p.html, p.url);
      whole[i] = Math.min(whole[i] ?? 0, performance.now() - at);
    });
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `time (${timed.length} pages with a price): landed ${sum(landed).toFixed(1)} ms of ${sum(whole).toFixed(1)} ms for the whole extraction (${((100 * sum(landed)) / sum(whole)).toFixed(1)} %)`,
  );
}
