import { describe, expect, it } from "vitest";
import type { CorpusRow } from "./corpus.ts";
import { type Answer, labelOf } from "./metrics.ts";
import { extractionReport, forTerminal, type PageResult } from "./report.ts";
import { madeUpStores } from "./test-stores.ts";

const stores = madeUpStores(2);
const answer = (price: string | null): Answer => ({
  price,
  currency: price === null ? null : "USD",
  availability: null,
});

/**
 * A fake corpus: the blind stores' rows carry marks (path, URL, amount, note) that must never
 * reach a printed line; their answers are right for Dropwave, wrong for the baseline and absent
 * for metascraper, so their aggregates are recognisable.
 */
function fakePages(): PageResult[] {
  const page = (row: CorpusRow, answers: PageResult["answers"], note: string): PageResult => ({
    row,
    labelled: labelOf(row),
    status: answers.dropwave.price === null ? "no_price" : "ok",
    note,
    byStoreRule: false,
    answers,
    ms: { dropwave: 1, baseline: 4, metascraper: 8, tokenize: 1, parse: 1 },
    bytes: 2048,
  });
  return [
    ...stores.blind.map((store, i) =>
      page(
        {
          path: `pages/SECRET-PAGE-${i}.html`,
          url: `https://www.${store}/SECRET-URL-${i}`,
          store,
          price: "777.77",
          currency: "USD",
          ...(i === 0 ? { doubt: "multiple_amounts_in_labelled_element:777.77|999.99" } : {}),
        },
        {
          dropwave: answer(i === 0 ? "999.99" : "777.77"),
          baseline: answer("1.23"),
          metascraper: answer(null),
        },
        "SECRET-NOTE",
      ),
    ),
    ...stores.open.map((store, i) =>
      page(
        {
          path: `pages/open-${i}.html`,
          url: `https://www.${store}/p/${i}`,
          store,
          price: "20.00",
          currency: "USD",
        },
        { dropwave: answer(null), baseline: answer("20"), metascraper: answer("20") },
        "an open note",
      ),
    ),
  ];
}

const SECRETS = ["SECRET", "777.77", "999.99", "1.23", ...stores.blind];

describe("bench:extract's report", () => {
  it("never shows a blind page, store, label, answer or note: only the blind third's aggregates", () => {
    const { lines, summary } = extractionReport({
      pages: fakePages(),
      policy: "stores",
      heading: "## Extraction on a fake corpus",
      header: "header",
    });
    const text = `${lines.join("\n")}\n${forTerminal(lines).join("\n")}\n${JSON.stringify(summary)}`;
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    // The in-sample pages are listed, with their misses.
    expect(text).toContain("pages/open-0.html");
    expect(text).toContain("pages/open-1.html: 20 USD → none (no_price: an open note)");
    // The blind third's rows: aggregates of its 2 pages, apart from the in-sample ones.
    const blindRow = (name: string) =>
      lines.find((l) => l.startsWith(`| ${name}`) && l.includes("blind third"));
    expect(blindRow("Dropwave")).toContain("| 2 | 2/2 (100 %) |");
    expect(blindRow("Baseline")).toContain("| 2 | 0/2 (0 %) |");
    expect(blindRow("metascraper")).toContain("| 2 | 0/2 (0 %) | 0 (0/0) |");
    const inSample = lines.find((l) => l.startsWith("| Dropwave | in-sample"));
    expect(inSample).toContain("| 2 | 0/2 (0 %) |");
    expect(summary).toMatchObject({
      inSamplePages: 2,
      blindPages: 2,
      accuracy: 0,
      baselineAccuracy: 1,
      blind: { pages: 2, stores: 2, accuracy: 1, baselineAccuracy: 0, metascraperAccuracy: 0 },
    });
    // The range label: either end right, and the count of answers only the other end made right.
    expect(text).toContain("0 in-sample, 1 in the blind third");
    expect(text).toContain("blind third Dropwave 1, Baseline 0, metascraper 0");
    // No stock label: said, not scored as 0.
    expect(inSample).toContain("| not labelled | not labelled |");
  });

  it("with the policy 'none' every page is in-sample and listed", () => {
    const { lines, summary } = extractionReport({
      pages: fakePages(),
      policy: "none",
      heading: "## x",
      header: "h",
    });
    expect(lines.join("\n")).toContain("pages/SECRET-PAGE-0.html");
    expect(lines.some((l) => l.includes("blind third"))).toBe(false);
    expect(summary).toMatchObject({ inSamplePages: 4, blindPages: 0 });
    expect(summary).not.toHaveProperty("blind");
  });

  it("the terminal gets the figures without the page-by-page rows", () => {
    const { lines } = extractionReport({
      pages: fakePages(),
      policy: "stores",
      heading: "## x",
      header: "h",
    });
    const terminal = forTerminal(lines);
    expect(terminal.some((l) => l.startsWith("| pages/"))).toBe(false);
    expect(terminal.some((l) => l.startsWith("| Dropwave |"))).toBe(true);
  });
});
