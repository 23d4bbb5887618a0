/**
 * `npm run bench:extract:extension -- [--corpus ../shared/corpus/us-stores] [--blind stores|none]
 *   [--viewport 1280x800] [--page-scripts] [--no-write]`
 *
 * The extension's path, measured as a shopper meets it (issue #34): the extension is built
 * (scripts/build-extension.ts, as `npm run build:extension` does, plus host permissions for
 * every http(s) host, as a person gives the stores they allow; the e2e spec does the same for
 * 127.0.0.1), loaded unpacked into Debian's Chromium, and connected to a stand-in of the
 * person's Dropwave on loopback that tracks nothing. Each saved page is served on loopback at
 * its own address (loopback-stores.ts: every host name maps to it, nothing leaves the machine),
 * opened in a tab, and the popup is opened on that tab as the toolbar button opens it
 * (`popup.html?tab=<id>`, as tests/e2e/extension.spec.ts does): the popup reads the tab and
 * extracts with its own code. Its reading is what it shows the shopper (price, stock, note),
 * read back exactly (popup-reading.ts). Beside it, the server's path on the same pages:
 * core/extract on the saved file. Both are scored as bench:extract scores; on us-stores the
 * blind third only as aggregates.
 *
 * The saved pages are the DOM after the store's scripts ran (us-stores' README); their scripts
 * are not run again (a Content-Security-Policy of `script-src 'none'` on each page; the
 * extension's own injected reader is not subject to it) unless --page-scripts: offline, with
 * their other files missing, rerunning them over their own output is not what a shopper saw.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { HEADLESS_CHROMIUM_ARGS } from "../../core/chromium-args.ts";
import { extractProduct } from "../../core/extract/index.ts";
import { normalizeProductUrl } from "../../core/url/normalize-url.ts";
import { buildExtension } from "../../scripts/build-extension.ts";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";
import { isBlindStore } from "./blind.ts";
import { blindPolicyFrom } from "./blind-part.ts";
import { findCorpus, readCorpus } from "./corpus.ts";
import { type ExtensionPage, extensionReport } from "./extension-report.ts";
import { startLoopbackStores } from "./loopback-stores.ts";
import { commitOf, machine } from "./machine.ts";
import { answerOf, labelOf } from "./metrics.ts";
import { readingFromPopup } from "./popup-reading.ts";
import { forTerminal } from "./report.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    blind: { type: "string" },
    viewport: { type: "string", default: "1280x800" },
    "page-scripts": { type: "boolean" },
    "no-write": { type: "boolean" },
    "timeout-ms": { type: "string", default: "60000" },
  },
});
const corpus = findCorpus(values.corpus ?? "../shared/corpus/us-stores");
const rows = readCorpus(corpus);
if (rows.length === 0) {
  console.log(`corpus not found at ${corpus} (pass --corpus DIR): skipping the extension bench`);
  console.log(JSON.stringify({ pages: 0 }));
  process.exit(0);
}
const policy = blindPolicyFrom(values.blind, corpus);
const [width = 1280, height = 800] = (values.viewport ?? "").split("x").map(Number);
const timeoutMs = Number(values["timeout-ms"]);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The stand-in of the person's Dropwave: connected, tracking nothing, no store recipes. It
// answers the two calls the extension makes on a page (the popup's lookup, the background's
// list of tracked links) as the real API does for such an account.
const TOKEN = "dw_bench_stand_in";
let standInOrigin = "";
const loopback = await startLoopbackStores({
  pageHeaders: values["page-scripts"] ? {} : { "content-security-policy": "script-src 'none'" },
  extra(request, response) {
    if (`http://${request.headers.host}` !== standInOrigin) return false;
    const url = new URL(request.url ?? "/", standInOrigin);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      json(401, { error: { code: "unauthorized", message: "no token" } });
    else if (url.pathname === "/api/v1/extension/lookup") {
      const asked = url.searchParams.get("url") ?? "";
      json(200, {
        url: normalizeProductUrl(asked)?.key ?? asked,
        watch: null,
        storeRecipe: null,
      });
    } else if (url.pathname === "/api/v1/extension/tracked") json(200, { urls: [] });
    else json(404, { error: { code: "not_found", message: "not in the stand-in" } });
    return true;
  },
});
standInOrigin = `http://127.0.0.1:${loopback.port}`;

const buildDir = mkdtempSync(join(tmpdir(), "dropwave-extension-bench-"));
const built = await buildExtension({
  outDir: join(buildDir, "build"),
  extraHostPermissions: ["http://*/*", "https://*/*"],
});
const profile = join(buildDir, "profile");
let context: BrowserContext | null = null;
const pages: ExtensionPage[] = [];
let chromiumVersion = "unknown";
/** The page being read, for an error's message: a blind page's address is never printed. */
let current: { row: (typeof rows)[number]; index: number } | null = null;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width, height },
    ignoreHTTPSErrors: true,
    args: [
      ...HEADLESS_CHROMIUM_ARGS.filter((arg) => arg !== "--headless"),
      "--headless=new",
      `--disable-extensions-except=${built.dirs.chrome}`,
      `--load-extension=${built.dirs.chrome}`,
      // Every host name leads to the loopback server; nothing is looked up or fetched outside.
      `--host-resolver-rules=MAP * 127.0.0.1:${loopback.port}`,
      "--ignore-certificate-errors",
      // An http:// page stays at its http:// address (the label's), unless HSTS says otherwise.
      "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable",
    ],
  });
  chromiumVersion = context.browser()?.version() ?? chromiumVersion;
  const worker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent("serviceworker", { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  await worker.evaluate(
    ([origin, token]) =>
      chrome.storage.local.set({ origin, token, account: "bench@dropwave.test", isRevoked: false }),
    [standInOrigin, TOKEN] as const,
  );
  const popup: Page = await context.newPage();

  for (const [index, row] of rows.entries()) {
    current = { row, index };
    const html = readFileSync(resolve(corpus, row.path), "utf8");
    const server = extractProduct(html, row.url);
    const page: ExtensionPage = {
      row,
      labelled: labelOf(row),
      extension: null,
      failure: null,
      server: { answer: answerOf(server), status: server.status },
      popupMs: null,
      isMoved: false,
    };
    loopback.show(row.url, html);
    const tab = await context.newPage();
    try {
      await tab.goto(row.url, { waitUntil: "load", timeout: timeoutMs });
      const shownUrl = tab.url();
      page.isMoved = shownUrl !== new URL(row.url).href;
      const tabId = await worker.evaluate(async (wanted) => {
        const tabs = await chrome.tabs.query({});
        return tabs.find((t) => t.url === wanted)?.id ?? null;
      }, shownUrl);
      if (tabId === null) throw new Error("the extension sees no tab at the page's address");
      const opened = performance.now();
      await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
      await popup
        .locator("[data-testid=title], #app > p.error")
        .first()
        .waitFor({ timeout: timeoutMs });
      const error = await popup
        .locator("#app > p.error")
        .first()
        .textContent({ timeout: 1 })
        .catch(() => null);
      if (error !== null) throw new Error(`the popup says: ${error}`);
      page.popupMs = performance.now() - opened;
      const text = async (testId: string) =>
        (await popup.getByTestId(testId).count()) > 0
          ? await popup.getByTestId(testId).first().textContent()
          : null;
      page.extension = readingFromPopup({
        price: (await text("price")) ?? "—",
        stock: await text("stock"),
        note: await text("note"),
      });
    } catch (error) {
      page.failure = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    } finally {
      await tab.close();
    }
    pages.push(page);
    // Progress without naming the page (a blind one must not show up here either).
    process.stderr.write(`\r${index + 1}/${rows.length} pages`);
  }
  process.stderr.write("\n");
  current = null;
} catch (error) {
  // Playwright's messages name the address: say which page only when it is not a blind one.
  const where =
    current === null
      ? "before the first page"
      : policy === "stores" && isBlindStore(current.row.store)
        ? `on page ${current.index + 1} (a blind one: not named)`
        : `on ${current.row.path}`;
  const message =
    current !== null && policy === "stores" && isBlindStore(current.row.store)
      ? "(the message is not shown: it may name the page)"
      : error instanceof Error
        ? error.message
        : String(error);
  console.error(`the extension bench stopped ${where}: ${message}`);
  process.exitCode = 1;
} finally {
  await context?.close();
  await loopback.close();
  rmSync(buildDir, { recursive: true, force: true });
}

if (process.exitCode === 1) process.exit(1);
const corpusName = relative(resolve(repoRoot, ".."), corpus).replace(/^(\.\.\/)+/, "");
const command = `npm run bench:extract:extension -- --corpus ../${corpusName}${values.blind ? ` --blind ${values.blind}` : ""}${values["page-scripts"] ? " --page-scripts" : ""}`;
const { lines, summary } = extensionReport({
  pages,
  policy,
  heading: `## Extraction in the browser extension (${corpusName.split("/").pop()})`,
  header: `Machine: ${machine()}, shared with other work. Commit ${commitOf(repoRoot)}. Command: \`${command}\`. Chromium ${chromiumVersion} (Debian, headless=new), viewport ${width}×${height}, the extension as built by scripts/build-extension.ts with host permissions for every http(s) host, connected to a stand-in Dropwave that tracks nothing; each page served on loopback at its own address${values["page-scripts"] ? " with its scripts allowed" : ", its own scripts not run again (the saved DOM is already theirs)"}; the pages' other files (stylesheets, images on other hosts) were not saved and are refused, so the layout is the saved markup's with its inline styles only. Blind policy: \`${policy}\`.`,
  refused: loopback.refused(),
});
for (const l of forTerminal(lines)) console.log(l);
if (!values["no-write"]) writeBenchmarkSection(lines.join("\n"));
console.log(JSON.stringify(summary));
