/**
 * What the bot-challenge check costs on saved pages, as the fetcher runs it on its event loop
 * (docs/decisions/0040): every .html under the corpus, as UTF-8 bytes with status 200, and how
 * many of them the rules call a challenge, and which give a price.
 *   npx node bench/fetch/challenge.ts [--corpus DIR] [--rounds 10]
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { extractProduct } from "../../core/extract/index.ts";
import { classifyChallenge } from "../../core/page/challenge/index.ts";
import { readLatin1View } from "../../core/page/challenge/page-view.ts";
import { EncodedPage } from "../../core/page/page-input.ts";
import { savedPagesOrExit } from "../extract/corpus.ts";

const { values } = parseArgs({
  options: { corpus: { type: "string" }, rounds: { type: "string", default: "10" } },
});
const { corpus, files } = savedPagesOrExit(values.corpus, "../shared/corpus/benchmark");
const rounds = Number(values.rounds);

let all = 0;
let viewAll = 0;
let withMarker = 0;
let markerMs = 0;
const challenges: string[] = [];
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const time = (run: () => void) => {
    for (let i = 0; i < 3; i++) run();
    const started = performance.now();
    for (let i = 0; i < rounds; i++) run();
    return (performance.now() - started) / rounds;
  };
  const ms = time(() => classifyChallenge(200, {}, new EncodedPage(bytes, "utf-8")));
  const viewMs = time(() => readLatin1View(bytes.subarray(0, 400_000)));
  all += ms;
  viewAll += viewMs;
  if (readLatin1View(bytes.subarray(0, 400_000)).markers.size > 0) {
    withMarker++;
    markerMs += ms;
  }
  const challenge = classifyChallenge(200, {}, new EncodedPage(bytes, "utf-8"));
  if (challenge) {
    const { status } = extractProduct(new TextDecoder().decode(bytes), "https://shop.example/p");
    challenges.push(
      `${relative(corpus, file)} ${challenge.vendor} ${challenge.challenge} ${status}`,
    );
  }
}
const result = {
  pages: files.length,
  msPerPage: Math.round((all / files.length) * 1000) / 1000,
  markerPassAndTitleMsPerPage: Math.round((viewAll / files.length) * 1000) / 1000,
  pagesWithMarker: withMarker,
  msPerPageWithMarker: withMarker ? Math.round((markerMs / withMarker) * 1000) / 1000 : 0,
  challenges: challenges.length,
};
for (const line of challenges) console.error(`challenge: ${line}`);
console.error(
  `${files.length} pages: ${result.msPerPage} ms a page (marker pass and title ${result.markerPassAndTitleMsPerPage}); ${withMarker} with a marker word, ${result.msPerPageWithMarker} ms each; ${challenges.length} called a challenge`,
);
console.log(JSON.stringify(result));
