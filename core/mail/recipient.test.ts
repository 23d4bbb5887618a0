import { describe, expect, it } from "vitest";
import { foldRecipient } from "./recipient.ts";

describe("foldRecipient", () => {
  it.each([
    ["Victim@Example.com", "victim@example.com"],
    ["victim+2@example.com", "victim@example.com"],
    ["victim+a+b@example.com", "victim@example.com"],
    [" victim@example.com. ", "victim@example.com"],
    ["v.i.c.t.i.m+x@googlemail.com", "victim@gmail.com"],
    ["V.Ictim@GMAIL.com", "victim@gmail.com"],
  ])("%s → %s", (address, folded) => {
    expect(foldRecipient(address)).toBe(folded);
  });

  it("keeps the dots where the provider is not known to ignore them", () => {
    expect(foldRecipient("first.last@example.com")).toBe("first.last@example.com");
  });

  it("leaves a local part that is only a tag alone", () => {
    expect(foldRecipient("+tag@example.com")).toBe("+tag@example.com");
  });
});
