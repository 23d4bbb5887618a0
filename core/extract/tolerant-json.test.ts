import { describe, expect, it } from "vitest";
import { parseTolerantJson } from "./tolerant-json.ts";

describe("parseTolerantJson", () => {
  it("parses what shops publish", () => {
    expect(parseTolerantJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseTolerantJson('<!-- {"a":1} -->')).toEqual({ a: 1 });
    expect(parseTolerantJson('<![CDATA[{"a":1}]]>')).toEqual({ a: 1 });
    expect(parseTolerantJson('{"a":1,"b":[1,2,],};')).toEqual({ a: 1, b: [1, 2] });
    expect(parseTolerantJson('{"url":"https://x.example/a//b", // note\n "n": /* c */ 2}')).toEqual(
      { url: "https://x.example/a//b", n: 2 },
    );
    expect(parseTolerantJson('{"d":"line one\nline two"}')).toEqual({ d: "line one\nline two" });
    expect(parseTolerantJson("{&quot;name&quot;:&quot;Tea &amp; Cups&quot;}")).toEqual({
      name: "Tea & Cups",
    });
  });
  it("drops trailing semicolons, in one pass however many there are", () => {
    expect(parseTolerantJson('{"a":1};;; ')).toEqual({ a: 1 });
    // `/;+\s*$/` took seconds here (it retried from every semicolon of the run).
    const started = performance.now();
    expect(parseTolerantJson(`{"a":1}${";".repeat(200_000)}x`)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
  it("returns undefined instead of throwing", () => {
    expect(parseTolerantJson("")).toBeUndefined();
    expect(parseTolerantJson("{not json")).toBeUndefined();
    expect(parseTolerantJson('"unterminated')).toBeUndefined();
    expect(parseTolerantJson("x".repeat(100), 10)).toBeUndefined();
  });
});
