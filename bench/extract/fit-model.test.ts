import { describe, expect, it } from "vitest";
import { brand, fitWeights, solve } from "./fit-model.ts";

describe("brand", () => {
  it("folds a store's countries and subdomains into one brand (one fold of leave-one-store-out)", () => {
    expect(brand("amazon.co.uk")).toBe("amazon");
    expect(brand("amazon.com")).toBe("amazon");
    expect(brand("www.amazon.de")).toBe("amazon");
    expect(brand("ar-sa.namshi.com")).toBe("namshi");
    expect(brand("sfbay.craigslist.org")).toBe("craigslist");
    expect(brand("www1.crutchfield.com")).toBe("crutchfield");
    expect(brand("shop.mango.com")).toBe("mango");
  });
});

describe("fitWeights", () => {
  it("solves a small linear system", () => {
    const x = solve(
      [
        [2, 1],
        [1, 3],
      ],
      [3, 5],
    );
    expect(x[0]).toBeCloseTo(0.8);
    expect(x[1]).toBeCloseTo(1.4);
  });

  it("learns a positive weight for the feature that marks the right candidate and a negative one for the misleading feature", () => {
    // Features: bias, marks-the-price, marks-a-decoy. Each page: one right candidate, two wrong.
    const pages = Array.from({ length: 24 }, (_, i) => ({
      xs: [
        [1, i % 4 === 0 ? 0 : 1, 0],
        [1, 0, 1],
        [1, i % 6 === 0 ? 1 : 0, 0],
      ],
      ys: [1, 0, 0],
    }));
    const [, price = 0, decoy = 0] = fitWeights(pages, 3, 0.02);
    expect(price).toBeGreaterThan(1);
    expect(decoy).toBeLessThan(-0.5);
  });

  it("weighs pages equally, however many candidates each has: repeating a page's wrong candidates changes nothing", () => {
    const a = {
      xs: [
        [1, 1, 0],
        [1, 0, 1],
        [1, 0, 0],
      ],
      ys: [1, 0, 0],
    };
    const b = {
      xs: [
        [1, 0, 1],
        [1, 1, 0],
        [1, 0, 0],
      ],
      ys: [1, 0, 0],
    };
    const c = {
      xs: [
        [1, 1, 1],
        [1, 0, 0],
      ],
      ys: [1, 0],
    };
    const repeated = {
      xs: [b.xs[0] as number[], ...Array.from({ length: 10 }, () => b.xs.slice(1)).flat()],
      ys: [1, ...new Array<number>(20).fill(0)],
    };
    expect(fitWeights([a, repeated, c], 3, 0.02)).toEqual(fitWeights([a, b, c], 3, 0.02));
  });
});
