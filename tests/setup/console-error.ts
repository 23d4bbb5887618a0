import { afterEach, beforeEach, type MockInstance, vi } from "vitest";

/**
 * console.error during a test fails it, unless the test declares it expected with
 * `expectConsoleError()` (the calls are then kept in `consoleError.mock.calls`).
 */
export let consoleError: MockInstance<typeof console.error>;
let isExpected = false;

export function expectConsoleError(): void {
  isExpected = true;
}

beforeEach(() => {
  isExpected = false;
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0 && !isExpected) {
    const shown = calls.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${shown}`);
  }
});
