import { describe, expect, it } from "vitest";
import type { CorpusRow } from "./corpus.ts";
import { type Answer, type Labelled, labelOf, rangeOf, score, stockState } from "./metrics.ts";

const label = (price: string | null, extra: Partial<Labelled> = {}): Labelled => ({
  price,
  currency: price === null ? null : "USD",
  availability: null,
  ...extra,
});
const answer = (price: string | null, currency: string | null = "USD"): Answer => ({
  price,
  currency: price === null ? null : currency,
  availability: null,
});
const row = (over: Partial<CorpusRow>): CorpusRow => ({
  path: "pages/a.html",
  url: "https://shop.example.com/p/1",
  store: "shop.example.com",
  price: "12.00",
  currency: "USD",
  ...over,
});

describe("score", () => {
  it("counts a wrong amount against precision and no answer against recall only", () => {
    const s = score([
      [label("10"), answer("10")],
      [label("20"), answer("25")],
      [label("30"), answer(null)],
      [label(null), answer(null)],
    ]);
    expect(s).toMatchObject({ pages: 4, exact: 2, priceAnswered: 2, priceCorrect: 1 });
    expect(s.priceLabelled).toBe(3);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBeCloseTo(1 / 3);
    expect(s.f1).toBeCloseTo(0.4);
  });

  it("an answer on a page labelled 'no price' is wrong; the right amount in another currency is not exact", () => {
    const s = score([
      [label(null), answer("5")],
      [label("10"), answer("10", "CAD")],
    ]);
    expect(s.exact).toBe(0);
    expect(s.priceAnswered).toBe(2);
    expect(s.priceCorrect).toBe(1);
  });

  it("a range label accepts either end, and says how many answers only the other end made right", () => {
    const range = label("12", { alternatives: ["18"] });
    const s = score([
      [range, answer("18")],
      [range, answer("12")],
      [range, answer("15")],
    ]);
    expect(s.exact).toBe(2);
    expect(s.priceCorrect).toBe(2);
    expect(s.rangeLabelled).toBe(3);
    expect(s.rightByOtherEnd).toBe(1);
  });

  it("stock: 'unknown' is no answer; no stock label at all leaves the stock scores empty", () => {
    const s = score([
      [
        { ...label("1"), availability: "in_stock" },
        { ...answer("1"), availability: "in_stock" },
      ],
      [
        { ...label("1"), availability: "out_of_stock" },
        { ...answer("1"), availability: null },
      ],
    ]);
    expect(s.stockLabelled).toBe(2);
    expect(s.stockAnswered).toBe(1);
    expect(s.stockPrecision).toBe(1);
    expect(s.stockRecall).toBe(0.5);
    expect(score([[label("1"), answer("1")]]).stockLabelled).toBe(0);
  });
});

describe("labels", () => {
  it("reads a range from us-stores' doubt field", () => {
    expect(rangeOf("multiple_amounts_in_labelled_element:12.00|18.50")).toEqual(["12", "18.5"]);
    expect(rangeOf(undefined)).toEqual([]);
    expect(rangeOf("something else:1|2")).toEqual([]);
  });

  it("labelOf normalises the amount and keeps the other end of a range as an alternative", () => {
    expect(labelOf(row({ doubt: "multiple_amounts_in_labelled_element:12.00|18.00" }))).toEqual({
      price: "12",
      alternatives: ["18"],
      currency: "USD",
      availability: null,
    });
    expect(labelOf(row({ availability: "OutOfStock" }))).toEqual({
      price: "12",
      currency: "USD",
      availability: "out_of_stock",
    });
  });

  it("stockState reads schema.org URLs and words", () => {
    expect(stockState("https://schema.org/InStock")).toBe("in_stock");
    expect(stockState("sold_out")).toBe("out_of_stock");
    // Decision 0088: bought only in a shop is none to buy online, as extraction answers it.
    expect(stockState("https://schema.org/InStoreOnly")).toBe("out_of_stock");
    expect(stockState("OnlineOnly")).toBe("in_stock");
    expect(stockState("unknown")).toBeNull();
    expect(stockState(undefined)).toBeNull();
  });
});
