/**
 * The extraction pool alone: how many saved pages per second its threads read, and the CPU each
 * page costs, with nothing else running (no fetch, no database, no store). The ceiling a check
 * worker on this machine could reach if everything but extraction were free.
 *   npx node bench/extract/pool.ts [--corpus DIR] [--threads 2] [--pages 1500] [--in-flight 8]
 * Every .html under the corpus (any depth) is handed to the pool as bytes, as a fetch hands it.
 * CPU is the whole process's (process.cpuUsage: every thread, the pool's included).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createExtractPool } from "../../core/extract-pool/extract-pool.ts";
import { EncodedPage } from "../../core/page/page-input.ts";
import { savedPagesOrExit } from "./corpus.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    threads: { type: "string", default: "2" },
    pages: { type: "string", default: "1500" },
    "in-flight": { type: "string", default: "8" },
  },
});
const { files } = savedPagesOrExit(values.corpus, "../shared/corpus");
const bytes = files.map((file) => new Uint8Array(readFileSync(file)));
const threads = Number(values.threads);
const total = Number(values.pages);
const inFlight = Number(values["in-flight"]);

const pool = createExtractPool({ threads });
async function read(count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const page = bytes[next++ % bytes.length] as Uint8Array;
        const outcome = await pool.extract(
          new EncodedPage(page, "utf-8"),
          "https://shop.example.com/p/1",
        );
        if (outcome.kind !== "ok") throw new Error(`a page was not read: ${outcome.kind}`);
      }
    }),
  );
}

await read(200); // warm-up: every thread's code optimised
const cpu0 = process.cpuUsage();
const started = performance.now();
await read(total);
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - started) / 1000;
await pool.close();
const result = {
  pages: total,
  distinctPages: files.length,
  threads,
  inFlight,
  pagesPerSec: Math.round((total / seconds) * 10) / 10,
  cpuMsPerPage: Math.round(((cpu.user + cpu.system) / 1000 / total) * 100) / 100,
};
console.error(
  `${total} pages (${files.length} distinct) on ${threads} thread(s): ${result.pagesPerSec} pages/s, ${result.cpuMsPerPage} ms of CPU per page`,
);
console.log(JSON.stringify(result));
