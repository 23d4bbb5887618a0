import { describe, expect, it } from "vitest";
import { Attrs, attrOf, attrRecord, KEPT_ATTRS, keepAttr } from "./attrs.ts";

describe("Attrs", () => {
  it("keeps the first value of a name, data-* apart, and the names in document order", () => {
    const attrs = new Attrs();
    keepAttr(attrs, "data-price", "19.99");
    keepAttr(attrs, "class", "price now");
    keepAttr(attrs, "id", "p");
    keepAttr(attrs, "class", "ignored");
    keepAttr(attrs, "data-price", "ignored");
    expect(attrs.class).toBe("price now");
    expect(attrOf(attrs, "data-price")).toBe("19.99");
    expect(attrOf(attrs, "title")).toBeUndefined();
    expect(attrOf(attrs, "onclick")).toBeUndefined();
    expect(Object.keys(attrRecord(attrs))).toEqual(["data-price", "class", "id"]);
    expect(attrRecord(attrs, 3, (name) => name === "class")).toEqual({
      "data-price": "19.",
      id: "p",
    });
  });

  it("has a field for every kept name and nothing else", () => {
    expect(KEPT_ATTRS.has("aria-label")).toBe(true);
    expect(KEPT_ATTRS.has("data")).toBe(false);
    expect(KEPT_ATTRS.has("names")).toBe(false);
    expect(KEPT_ATTRS.has("onclick")).toBe(false);
  });
});
