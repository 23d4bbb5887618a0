/**
 * What each page makes a browser download before it is interactive, and whether that fits
 * the budgets of issue #15. Starts the built server (a snapshot of build/ on a scratch data
 * directory), signs someone up and imports one product, then fetches each page's HTML as a
 * browser would (signed out, or with the session cookie) and sums what that HTML references:
 *   every `<script src>`, every module an inline `<script type="module">` imports, every
 *   `<link rel="modulepreload">` and the static imports of all of these, and the page's
 *   stylesheets.
 * So a page that is not hydrated (app/lib/hydration.ts) counts only what it really loads.
 * Inline scripts (the theme scripts, React Router's hydration data) are listed apart; chunks
 * that the page's code only imports later (`import("…")`) are listed apart as "lazy".
 *
 *   npx node bench/bundle/run.ts [--no-build] [--port 3291] [--write] [--json]
 *
 * Sizes are gzip -9 and Brotli -11 (what the server sends: server/compression.ts serves the
 * .gz/.br files written at build). Exits 1 when a page is over its budget.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { productPage, startStoreServer } from "../../tests/helpers/store-server.ts";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "3291" },
    write: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const clientDir = resolve(repoRoot, "build/client");
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;

if (!values["no-build"]) {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, stdio: "ignore" });
}
if (!existsSync(resolve(clientDir, "assets"))) throw new Error("No build/client: build first");

/** A page, whether it is seen signed in, and its budget. */
export type Page = { name: string; path: string; isSignedIn: boolean; budgetJsKb: number };

const pages: Page[] = [
  { name: "landing", path: "/", isSignedIn: false, budgetJsKb: 70 },
  { name: "sign-in", path: "/login", isSignedIn: false, budgetJsKb: 70 },
  { name: "register", path: "/register", isSignedIn: false, budgetJsKb: 70 },
  { name: "hub (signed in)", path: "/hub", isSignedIn: true, budgetJsKb: 110 },
  { name: "product page", path: "/hub/watch/:id", isSignedIn: true, budgetJsKb: 130 },
];

type Sized = { raw: number; gzip: number; brotli: number };
const sizeCache = new Map<string, Sized>();

function sizeOf(url: string): Sized {
  const cached = sizeCache.get(url);
  if (cached) return cached;
  const body = readFileSync(resolve(clientDir, `.${url}`));
  const sized = {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
  sizeCache.set(url, sized);
  return sized;
}

/** `import("./x.js")` targets inside a chunk, as /assets/ URLs. */
function lazyImportsOf(url: string): string[] {
  const source = readFileSync(resolve(clientDir, `.${url}`), "utf8");
  const found = new Set<string>();
  for (const match of source.matchAll(/import\(\s*["'`](\.\/[\w.-]+\.js)["'`]\s*\)/g)) {
    found.add(`/assets/${match[1]?.slice(2)}`);
  }
  return [...found];
}

/** Static imports of a chunk (`from "./x.js"` / `import "./x.js"`), to follow lazy chunks. */
function staticImportsOf(url: string): string[] {
  const source = readFileSync(resolve(clientDir, `.${url}`), "utf8");
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:from|import)\s*["'](\.\/[\w.-]+\.js)["']/g)) {
    found.add(`/assets/${match[1]?.slice(2)}`);
  }
  return [...found];
}

export type PageReport = {
  name: string;
  path: string;
  budgetJsKb: number;
  /** The page loads React Router's entry: it hydrates. */
  isHydrated: boolean;
  js: Sized;
  inlineJs: Sized;
  css: Sized;
  lazyJs: Sized;
  files: { url: string; gzip: number }[];
  lazyFiles: { url: string; gzip: number }[];
  isWithinBudget: boolean;
};

const sum = (list: Sized[]): Sized =>
  list.reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );

function sizeOfText(text: string): Sized {
  const body = Buffer.from(text);
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** An attribute of one tag's source, unquoted. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
}

/** A same-origin URL as a path under build/client, or undefined for anything else. */
function localPath(href: string): string | undefined {
  const url = new URL(href.replaceAll("&amp;", "&"), origin);
  return url.origin === origin ? url.pathname : undefined;
}

/** What one page's HTML makes the browser fetch up front, and its inline scripts. */
export function referencesOf(html: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${match[1] ?? ""}>`;
    const src = attribute(tag, "src");
    const body = match[2] ?? "";
    if (src) {
      const path = localPath(src);
      if (path) scripts.add(path);
      continue;
    }
    inline.push(body);
    if (attribute(tag, "type") === "module") {
      // `import "…"`, `import * as x from "…"` and the entry's `import("…")`, all run at once.
      const imports = /import\s*(?:[\w*{}\s,$]+from\s*|\(\s*)?["']([^"']+)["']/g;
      for (const im of body.matchAll(imports)) {
        const path = localPath(im[1] ?? "");
        if (path) scripts.add(path);
      }
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    const rel = attribute(tag, "rel")?.toLowerCase();
    const href = attribute(tag, "href");
    const path = href ? localPath(href) : undefined;
    if (!path) continue;
    if (rel === "modulepreload") scripts.add(path);
    if (rel === "stylesheet") styles.add(path);
  }
  return { scripts, styles, inline };
}

function measure(page: Page, html: string): PageReport {
  const { scripts, styles, inline } = referencesOf(html);
  // What those modules import statically is fetched before they run.
  const queue = [...scripts];
  while (queue.length > 0) {
    for (const url of staticImportsOf(queue.pop() as string)) {
      if (scripts.has(url) || !existsSync(resolve(clientDir, `.${url}`))) continue;
      scripts.add(url);
      queue.push(url);
    }
  }
  const lazy = new Set<string>();
  const lazyQueue = [...scripts].flatMap(lazyImportsOf);
  while (lazyQueue.length > 0) {
    const url = lazyQueue.pop() as string;
    if (scripts.has(url) || lazy.has(url) || !existsSync(resolve(clientDir, `.${url}`))) continue;
    lazy.add(url);
    lazyQueue.push(...lazyImportsOf(url), ...staticImportsOf(url));
  }
  const js = sum([...scripts].map(sizeOf));
  return {
    name: page.name,
    path: page.path,
    budgetJsKb: page.budgetJsKb,
    isHydrated: [...scripts].some((url) => /\/entry\.client-[\w-]+\.js$/.test(url)),
    js,
    inlineJs: sum(inline.map(sizeOfText)),
    css: sum([...styles].map(sizeOf)),
    lazyJs: sum([...lazy].map(sizeOf)),
    files: [...scripts, ...styles]
      .map((url) => ({ url, gzip: sizeOf(url).gzip }))
      .sort((a, b) => b.gzip - a.gzip),
    lazyFiles: [...lazy]
      .map((url) => ({ url, gzip: sizeOf(url).gzip }))
      .sort((a, b) => b.gzip - a.gzip),
    isWithinBudget: js.gzip <= page.budgetJsKb * 1000,
  };
}

// ---- the built server on a scratch data directory, from a snapshot of build/
const dataDir = mkdtempSync(join(tmpdir(), "dropwave-bundle-"));
const appDir = join(dataDir, "app");
mkdirSync(join(appDir, "scripts"), { recursive: true });
cpSync(join(repoRoot, "build"), join(appDir, "build"), { recursive: true });
for (const script of ["start.mjs", "first-start-flags.mjs"]) {
  cpSync(join(repoRoot, "scripts", script), join(appDir, "scripts", script));
}
cpSync(join(repoRoot, "package.json"), join(appDir, "package.json"));
symlinkSync(join(repoRoot, "node_modules"), join(appDir, "node_modules"));
symlinkSync(join(repoRoot, "drizzle"), join(appDir, "drizzle"));
const store = await startStoreServer();
const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: appDir,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dataDir, "data"),
    PUBLIC_URL: origin,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function htmlOf(path: string, cookie: string | null): Promise<string> {
  const response = await fetch(`${origin}${path}`, {
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

const reports: PageReport[] = [];
try {
  await waitFor("the server", async () =>
    (await fetch(`${origin}/api/health`)).ok ? true : undefined,
  );
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      email: "bundle@example.test",
      password: "a long enough password",
      name: "Bundle",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  // Sign-up opens no session (decision 0065): sign in after it.
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "bundle@example.test", password: "a long enough password" }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  store.setPage(
    "/bundle/lamp",
    productPage({ title: "Bundle Lamp", price: "49.00", currency: "EUR" }),
  );
  const imported = await fetch(`${origin}/api/v1/import`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({
      format: "dropwave-export",
      version: 1,
      exportedAt: new Date().toISOString(),
      watches: [
        {
          url: store.url("/bundle/lamp"),
          title: "Bundle Lamp",
          store: "lumen.test",
          rule: { kind: "any_drop" },
          intervalMinutes: 360,
          isPaused: false,
          candidateKey: null,
          baseline: { amountMinor: 4_900, currency: "EUR" },
          createdAt: new Date().toISOString(),
          history: [],
        },
      ],
    }),
  });
  if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
  const listed = (await (
    await fetch(`${origin}/api/v1/watches`, { headers: { cookie } })
  ).json()) as { watches: { id: string }[] };
  const watchId = listed.watches[0]?.id;
  if (!watchId) throw new Error("the imported product is missing");
  for (const page of pages) {
    const path = page.path.replace(":id", watchId);
    reports.push(measure(page, await htmlOf(path, page.isSignedIn ? cookie : null)));
  }
} finally {
  server.kill("SIGTERM");
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const lines: string[] = [
  "## Page weight",
  "",
  `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${gitHead()}. Command: \`npx node bench/bundle/run.ts\` (builds, starts the built server, fetches each page's HTML signed out, or signed in for the hub and the product page, and sums what it references: scripts, module preloads, the modules an inline module script imports, their static imports, and CSS). Pages marked static are not hydrated (app/lib/hydration.ts). KB = 1000 bytes; gzip -9 / Brotli -11, the files the server sends; inline scripts (theme, hydration data) apart.`,
  "",
  "| Page | Hydrated | JS raw KB | JS gzip KB | JS Brotli KB | Inline JS gzip KB | CSS gzip KB | Budget (JS gzip) | Lazy JS gzip KB |",
  "|---|---|---:|---:|---:|---:|---:|---|---:|",
  ...reports.map(
    (r) =>
      `| ${r.name} \`${r.path}\` | ${r.isHydrated ? "yes" : "no (static)"} | ${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.js.brotli)} | ${kb(r.inlineJs.gzip)} | ${kb(r.css.gzip)} | ≤ ${r.budgetJsKb} ${r.isWithinBudget ? "✓" : "✗"} | ${kb(r.lazyJs.gzip)} |`,
  ),
  "",
];

function gitHead(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot })
      .toString()
      .trim();
  } catch {
    return "unknown";
  }
}

if (values.json) console.log(JSON.stringify(reports, null, 2));
else {
  for (const line of lines) console.log(line);
  for (const r of reports) {
    console.log(
      `${r.name} ${r.path}: ${kb(r.js.gzip)} KB JS gzip${r.isHydrated ? "" : " (static)"}, ${kb(r.inlineJs.gzip)} KB inline`,
    );
    for (const f of r.files) console.log(`  ${kb(f.gzip).padStart(7)}  ${f.url}`);
    for (const f of r.lazyFiles) console.log(`  ${kb(f.gzip).padStart(7)}  ${f.url} (lazy)`);
  }
}

if (values.write) {
  writeBenchmarkSection(lines.join("\n"));
}

const over = reports.filter((r) => !r.isWithinBudget);
if (over.length > 0) {
  console.error(`Over budget: ${over.map((r) => `${r.name} ${kb(r.js.gzip)} KB`).join(", ")}`);
  process.exitCode = 1;
}
