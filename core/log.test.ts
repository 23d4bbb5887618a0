import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, isPrettyTerminal, startupMessage } from "./log.ts";

function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("start-up log", () => {
  it("says where Dropwave is and what to do first", () => {
    const first = { isSignupDisabled: false, hasAccounts: false };
    expect(startupMessage("http://localhost:3000", first)).toBe(
      "Dropwave is ready at http://localhost:3000 — open it and create an account",
    );
    // Later starts, with accounts (#39 item 0), and instances closed to sign-ups.
    expect(startupMessage("http://localhost:3000", { ...first, hasAccounts: true })).toBe(
      "Dropwave is ready at http://localhost:3000 — open it and sign in",
    );
    expect(startupMessage("https://prices.example", { ...first, isSignupDisabled: true })).toBe(
      "Dropwave is ready at https://prices.example — open it and sign in",
    );
  });

  it("is pretty on a terminal and JSON otherwise", () => {
    expect(isPrettyTerminal({ isTTY: true })).toBe(true);
    expect(isPrettyTerminal({ isTTY: false })).toBe(false);
    expect(isPrettyTerminal({})).toBe(false);
  });

  it("writes the line as JSON for machines and as plain words for people", async () => {
    const message = startupMessage("http://localhost:3000", {
      isSignupDisabled: false,
      hasAccounts: false,
    });
    const json = sink();
    createLogger({ level: "info", destination: json.stream }).info({ port: 3000 }, message);
    expect(JSON.parse(json.text())).toMatchObject({ level: 30, msg: message, port: 3000 });

    const human = sink();
    const prettyLog = createLogger({ level: "info", pretty: true, destination: human.stream });
    prettyLog.info({ port: 3000 }, message);
    await expect.poll(() => human.text()).toContain(message);
    expect(human.text()).toContain("INFO");
    expect(() => JSON.parse(human.text())).toThrow();
  });
});
