import { describe, expect, it } from "vitest";
import { FEATURES } from "./feature-names.ts";
import { scanHtml } from "./scan/index.ts";
import { visibleCandidates } from "./visible-features.ts";

const struckClassOf = (html: string) => {
  const at = FEATURES.indexOf("struckClass");
  return visibleCandidates(scanHtml(html), new Set()).map((c) => [c.amount, c.features[at]]);
};

describe("an 'old price' class", () => {
  it("counts beside a current price, not on a price alone", () => {
    expect(
      struckClassOf(`<div><span class="price-old">59,99 €</span> <span>44,99 €</span></div>`),
    ).toEqual([
      ["59.99", 1],
      ["44.99", 0],
    ]);
    expect(struckClassOf(`<div><span class="price-old">59,99 €</span></div>`)).toEqual([
      ["59.99", 0],
    ]);
  });

  it("is read in page order: one cleared for want of a pair is the pair of the next", () => {
    expect(
      struckClassOf(
        `<div><span class="price-old">10,00 €</span> <span class="price-old">20,00 €</span></div>`,
      ),
    ).toEqual([
      ["10", 0],
      ["20", 1],
    ]);
  });

  it("needs its pair within 60 elements, with another amount, marked as nothing else", () => {
    const far = "<i></i>".repeat(70);
    expect(
      struckClassOf(`<div><span class="price-old">59,99 €</span>${far}<span>44,99 €</span></div>`),
    ).toEqual([
      ["59.99", 0],
      ["44.99", 0],
    ]);
    expect(
      struckClassOf(`<div><span class="price-old">59,99 €</span> <s>44,99 €</s></div>`),
    ).toEqual([
      ["59.99", 0],
      ["44.99", 0],
    ]);
  });
});
