import { describe, expect, it } from "vitest";
import type { CorpusRow } from "./corpus.ts";
import { type ExtensionPage, extensionReport } from "./extension-report.ts";
import { type Answer, labelOf } from "./metrics.ts";
import { forTerminal } from "./report.ts";
import { madeUpStores } from "./test-stores.ts";

const stores = madeUpStores(2);
const answer = (price: string | null): Answer => ({
  price,
  currency: price === null ? null : "USD",
  availability: null,
});

function page(row: CorpusRow, extension: Answer | null, server: Answer): ExtensionPage {
  return {
    row,
    labelled: labelOf(row),
    extension: extension && { answer: extension, status: "ok", isUnreadable: false },
    failure: extension ? null : `net::ERR at ${row.url}`,
    server: { answer: server, status: server.price === null ? "ambiguous" : "ok" },
    popupMs: extension ? 100 : null,
    isMoved: false,
  };
}

/** Blind rows carry marks that must never be printed; open rows are ordinary. */
function fakePages(): ExtensionPage[] {
  return [
    ...stores.blind.map((store, i) =>
      page(
        {
          path: `pages/SECRET-PAGE-${i}.html`,
          url: `https://www.${store}/SECRET-URL-${i}`,
          store,
          price: "777.77",
          currency: "USD",
        },
        i === 0 ? answer("777.77") : null,
        answer("555.55"),
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
        answer("20"),
        answer(null),
      ),
    ),
  ];
}

describe("bench:extract:extension's report", () => {
  it("lists in-sample pages only; the blind third appears as aggregates", () => {
    const { lines, summary } = extensionReport({
      pages: fakePages(),
      policy: "stores",
      heading: "## Extraction in the browser extension (fake)",
      header: "header",
      refused: 12,
    });
    const text = `${lines.join("\n")}\n${forTerminal(lines).join("\n")}\n${JSON.stringify(summary)}`;
    for (const secret of ["SECRET", "777.77", "555.55", ...stores.blind])
      expect(text).not.toContain(secret);
    expect(text).toContain(
      "pages/open-1.html: expected 20 USD; extension 20 USD (ok); server none",
    );
    const row = (name: string, part: string) =>
      lines.find((l) => l.startsWith(`| ${name}`) && l.includes(part));
    expect(row("Extension", "blind third")).toContain("| 2 | 1/2 (50 %) |");
    expect(row("Server", "blind third")).toContain("| 2 | 0/2 (0 %) |");
    expect(row("Extension", "in-sample")).toContain("| 2 | 2/2 (100 %) |");
    expect(summary).toMatchObject({
      inSamplePages: 2,
      extensionAccuracy: 1,
      serverAccuracy: 0,
      blind: { pages: 2, extensionAccuracy: 0.5, serverAccuracy: 0, failed: 1, agree: 0 },
    });
    expect(text).toContain(
      "same answer (price, currency and stock) on 0/2 pages; blind third: 0/2",
    );
  });

  it("with the policy 'none' every page is listed", () => {
    const { lines } = extensionReport({
      pages: fakePages(),
      policy: "none",
      heading: "## x",
      header: "h",
      refused: 0,
    });
    expect(lines.join("\n")).toContain("pages/SECRET-PAGE-1.html");
  });
});
