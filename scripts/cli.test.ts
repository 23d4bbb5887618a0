import { describe, expect, it, vi } from "vitest";
import { consoleError, expectConsoleError } from "../tests/setup/console-error.ts";
import { main } from "./cli.ts";

describe("cli dispatcher", () => {
  it("prints one JSON line per file for extract", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(
        main([
          "extract",
          "tests/fixtures/pages/argos-item.html",
          "--url",
          "https://www.argos.co.uk/product/9301409",
        ]),
      ).toBe(0);
      const line = JSON.parse(String(log.mock.calls[0]?.[0]));
      expect(line).toMatchObject({
        file: "tests/fixtures/pages/argos-item.html",
        status: "ok",
        price: { amountMinor: 7999, amount: "79.99", currency: "GBP" },
      });
    } finally {
      log.mockRestore();
    }
  });

  it("rejects an unknown command with usage", () => {
    expectConsoleError();
    expect(main(["nope"])).toBe(2);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/usage/);
  });
});
