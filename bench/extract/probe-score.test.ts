import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isHeldOut, scoreProbes } from "./probe-score.ts";

const root = mkdtempSync(join(tmpdir(), "probes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;
const product = (price: string) =>
  page(
    `<h1>Trail Kettle 1L</h1><p class="cost">${price}</p><button type="submit">Add to cart</button>`,
  );

function writeSet(rows: { file: string; html: string; price: string | null }[]) {
  mkdirSync(join(root, "pages"), { recursive: true });
  for (const row of rows) writeFileSync(join(root, "pages", row.file), row.html);
  writeFileSync(
    join(root, "manifest.jsonl"),
    rows
      .map((row) =>
        JSON.stringify({
          path: `pages/${row.file}`,
          url: `https://kettles.example.com/${row.file}`,
          store: "kettles.example.com",
          price: row.price,
          currency: row.price === null ? null : "USD",
          availability: "InStock",
        }),
      )
      .join("\n"),
  );
}

describe("probe-score", () => {
  it("counts a right price, a wrong one, a missing one, and a rightly unpriced page", () => {
    writeSet([
      { file: "right.html", html: product("$24.99"), price: "24.99" },
      { file: "wrong.html", html: product("$24.99"), price: "19.99" },
      { file: "none.html", html: page("<h1>Trail Kettle</h1><p>Call us</p>"), price: "24.99" },
      {
        file: "unpriced.html",
        html: page("<h1>About us</h1><p>We sell kettles.</p>"),
        price: null,
      },
    ]);
    const { tally, misses } = scoreProbes(root);
    expect(tally).toMatchObject({ right: 2, wrong: 1, none: 1 });
    expect(misses.map((line) => line.split(" ")[0])).toEqual(["wrong", "none"]);
  });

  it("knows a held-out set by its folder", () => {
    expect(isHeldOut("/x/bench/probes/held-out/round9")).toBe(true);
    expect(isHeldOut("/x/bench/probes/round9-a")).toBe(false);
  });
});
