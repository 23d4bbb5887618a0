import { describe, expect, it } from "vitest";
import { sharedProductUrl } from "./shared-url.ts";

const from = (query: Record<string, string>) => sharedProductUrl(new URLSearchParams(query));

describe("sharedProductUrl", () => {
  it("takes the url parameter when a browser fills it", () => {
    expect(from({ url: "https://shop.test/p/1?variant=2", text: "https://other.test/" })).toBe(
      "https://shop.test/p/1?variant=2",
    );
  });

  it("finds the link inside shared text, as Android apps send it", () => {
    expect(
      from({ title: "Lamp", text: "Look at this lamp! https://www.shop.test/p/lamp?ref=app." }),
    ).toBe("https://www.shop.test/p/lamp?ref=app");
    expect(from({ url: "", text: "(https://shop.test/p/2)" })).toBe("https://shop.test/p/2");
  });

  it("falls back to the title and ignores what is not an http(s) link", () => {
    expect(from({ title: "https://shop.test/p/3" })).toBe("https://shop.test/p/3");
    expect(from({ text: "javascript:alert(1) ftp://shop.test/x" })).toBeNull();
    expect(from({ text: "no link here" })).toBeNull();
    expect(from({})).toBeNull();
  });

  it("drops the punctuation after a link, however much there is", () => {
    expect(from({ text: "See https://shop.test/p/4?!).” and more" })).toBe("https://shop.test/p/4");
    expect(from({ text: `https://shop.test/p/5${".".repeat(3_000)}` })).toBe(
      "https://shop.test/p/5",
    );
    expect(from({ text: `https://shop.test/${")".repeat(3_900)}x` })).toBe(
      `https://shop.test/${")".repeat(3_900)}x`,
    );
  });
});
