import { describe, expect, it } from "vitest";
import { scanHtml } from "./index.ts";

describe("kept elements' ancestors", () => {
  it("are the tokens of the elements each was opened in, nearest first, up to <body>", () => {
    const scan = scanHtml(
      `<html class="root"><body class="page"><main id="m"><div class="buybox" data-test="box">
         <span class="price">€ 19,99</span></div>
         <section class="related"><p><b class="price">€ 5</b></p></section></main>
         <p class="price">€ 7</p></body></html>`,
    );
    // Read after the whole page was scanned: the stack they were opened on is long gone.
    expect(scan.priceElements.map((e) => e.ancestors)).toEqual([
      [".buybox", "[data-test=box]", "#m", ".page"],
      [".related", "#m", ".page"],
      [".page"],
    ]);
  });

  it("stop after 30 elements", () => {
    const html = `<body>${"<div class=d>".repeat(40)}<span class=price>$1</span>${"</div>".repeat(40)}</body>`;
    const [price] = scanHtml(html).priceElements;
    expect(price?.ancestors).toHaveLength(30);
    expect(new Set(price?.ancestors)).toEqual(new Set([".d"]));
  });
});
