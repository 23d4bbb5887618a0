// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { signedInMissingProductStub } from "../tests/helpers/root-stub.tsx";
import { consoleError, expectConsoleError } from "../tests/setup/console-error.ts";

// The full header's theme switch, failing in an effect as it did in jsdom (no matchMedia).
vi.mock("./components/theme-toggle.tsx", () => ({
  ThemeToggle: function ThemeToggle() {
    useEffect(() => {
      throw new TypeError("window.matchMedia is not a function");
    }, []);
    return null;
  },
}));

afterEach(cleanup);

it("a 404 whose full header fails shows the plain header instead of rendering itself forever", async () => {
  expectConsoleError(); // React reports the header's error
  const Stub = signedInMissingProductStub();
  render(<Stub initialEntries={["/hub/watch/gone"]} />);
  expect(
    await screen.findByRole("heading", { name: "Page Not Found: /hub/watch/gone" }),
  ).toBeTruthy();
  expect(await screen.findByTestId("error-header")).toBeTruthy();
  const reported = consoleError.mock.calls.flat().map(String).join("\n");
  expect(reported).toContain("matchMedia");
});
