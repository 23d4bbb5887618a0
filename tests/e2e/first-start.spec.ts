import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./helpers.ts";

/**
 * `npm start` as a person runs it after cloning (#39 item 0): the real entry, at a terminal
 * (a pseudo-terminal from util-linux's `script`, so the logger prints its words, not JSON), on
 * a copy of the project without a build and with a fresh DATA_DIR. The first start builds,
 * creates the database and says where to go in a few plain lines; the build's own hundred
 * (Vite's file listings, [PLUGIN_TIMINGS]) stay in the build log. Once an account exists, the
 * next start says "sign in", not "create an account". Ctrl-C stops it, as it would a person's.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 80;
const PUBLIC_URL = `http://localhost:${PORT}`;
// What never belongs on a person's terminal at start: the build's details.
const BUILD_NOISE =
  /PLUGIN_TIMINGS|gzip:|build\/client\/assets|vite v\d|✓ built|modules transformed/;

let copy: string;
let dataDir: string;

test.beforeAll(() => {
  const root = process.cwd();
  copy = mkdtempSync(path.join(tmpdir(), "dropwave-first-start-"));
  dataDir = path.join(copy, "data");
  // The project as cloned: sources only, no build, no data; the installed packages shared.
  const left = new Set(["node_modules", "build", "data", ".git", ".e2e-data", "test-results"]);
  cpSync(root, copy, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !left.has(relative.split(path.sep)[0] ?? "") && !relative.includes("node_modules");
    },
  });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
});

test.afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

type Terminal = {
  /** What the terminal shows, colours removed. */
  text(): string;
  /** The lines Dropwave printed (npm's own "> script" lines and its spinner left out). */
  lines(): string[];
  waitFor(pattern: RegExp): Promise<void>;
  /** Ctrl-C, and the exit. */
  interrupt(): Promise<number | null>;
};

function npmStart(): Terminal {
  const child: ChildProcessWithoutNullStreams = spawn(
    "script",
    ["-qfec", "npm start", "/dev/null"],
    {
      cwd: copy,
      // Only what a person sets: where to keep data and which port. PUBLIC_URL is the default.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? tmpdir(),
        TERM: "xterm",
        PORT: String(PORT),
        DATA_DIR: dataDir,
      },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let raw = "";
  child.stdout.on("data", (chunk) => {
    raw += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    raw += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences
  const text = () => raw.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "").replace(/\r/g, "");
  return {
    text,
    lines: () =>
      text()
        .split("\n")
        .map((line) =>
          line
            .replace(/^[⠁-⣿\\|/-]+\s*/, "")
            .replace(/^\^C/, "")
            .trim(),
        )
        .filter((line) => line !== "" && !line.startsWith(">")),
    async waitFor(pattern) {
      await expect
        .poll(
          () => {
            if (child.exitCode !== null) throw new Error(`npm start exited:\n${text()}`);
            return pattern.test(text());
          },
          { timeout: 240_000, intervals: [200] },
        )
        .toBe(true);
    },
    async interrupt() {
      child.stdin.write("\u0003");
      return exited;
    },
  };
}

/** The lines before the first request's log line or the shutdown's: what start-up printed. */
function startUp(lines: string[]): string[] {
  const end = lines.findIndex((line) => / INFO: (request|shutting down)$/.test(line));
  expect(end, "a request or the shutdown is logged").toBeGreaterThan(0);
  return lines.slice(0, end);
}

test("the first npm start prints a few plain lines and the address; the next says sign in (#39 item 0)", async ({
  page,
}) => {
  // A build and a database are made in front of the person on two shared cores.
  test.setTimeout(300_000);
  const first = npmStart();
  await first.waitFor(/Dropwave is ready at/);
  // The person signs up at the address printed.
  await page.goto(`${PUBLIC_URL}/register`);
  await page.getByLabel("Email").fill(uniqueEmail("first-start"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // The account opens from the link mailed (here: written to the outbox, decision 0065), and
  // the page says where that mail went on a Dropwave without a mail server.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByTestId("outbox-note")).toContainText("printed in the server's log");
  await first.interrupt();

  const firstLines = first.lines();
  expect(firstLines.filter((line) => BUILD_NOISE.test(line))).toEqual([]);
  expect(startUp(firstLines), first.text()).toEqual([
    "First start: building Dropwave (a minute or two)…",
    `Built (details in ${path.join(dataDir, "logs", "build.log")}).`,
    `Creating the database in ${path.join(dataDir, "db")}…`,
    expect.stringMatching(
      new RegExp(`INFO: Dropwave is ready at ${PUBLIC_URL} — open it and create an account$`),
    ),
  ]);

  const second = npmStart();
  await second.waitFor(/Dropwave is ready at/);
  await second.interrupt();
  const secondLines = second.lines();
  expect(startUp(secondLines), second.text()).toEqual([
    expect.stringMatching(
      new RegExp(`INFO: Dropwave is ready at ${PUBLIC_URL} — open it and sign in$`),
    ),
  ]);
});
