/**
 * What each page makes a browser download before it is interactive, and whether that fits
 * the budgets of issue #15. Reads build/client and React Router's browser manifest
 * (`build/client/assets/manifest-*.js`, the same data `<Scripts />` turns into module
 * preloads), so it measures exactly what the server sends in the HTML:
 *   the manifest script + the entry module and its imports + every matched route's module,
 *   its imports and its CSS.
 * Chunks that a page's code only imports later (`import("…")`) are listed apart as "lazy".
 *
 *   npx node bench/bundle/run.ts [--no-build] [--write] [--json]
 *
 * Sizes are gzip -9 and Brotli -11 (what the server sends: server/compression.ts serves the
 * .gz/.br files written at build). Exits 1 when a page is over its budget.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { writeBenchmarkSection } from "../benchmarks-doc.ts";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const clientDir = resolve(repoRoot, "build/client");

if (!values["no-build"]) {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, stdio: "ignore" });
}

type ManifestEntry = { module: string; imports?: string[]; css?: string[] };
type RouteEntry = ManifestEntry & { id: string; parentId?: string };
type BrowserManifest = { entry: ManifestEntry; routes: Record<string, RouteEntry> };

const assetsDir = resolve(clientDir, "assets");
const manifestFile = readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error("No React Router manifest in build/client/assets: build first");
const manifestSource = readFileSync(resolve(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(
  manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
) as BrowserManifest;

/** A page and the route ids React Router matches for it (root first). */
export type Page = { name: string; path: string; routes: string[]; budgetJsKb: number };

export const pages: Page[] = [
  { name: "landing", path: "/", routes: ["root", "routes/landing"], budgetJsKb: 70 },
  { name: "sign-in", path: "/login", routes: ["root", "routes/login"], budgetJsKb: 70 },
  { name: "register", path: "/register", routes: ["root", "routes/register"], budgetJsKb: 70 },
  { name: "hub (signed in)", path: "/hub", routes: ["root", "routes/hub"], budgetJsKb: 110 },
  {
    name: "product page",
    path: "/hub/watch/:id",
    routes: ["root", "routes/hub-watch"],
    budgetJsKb: 130,
  },
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
  js: Sized;
  css: Sized;
  lazyJs: Sized;
  files: { url: string; gzip: number }[];
  lazyFiles: { url: string; gzip: number }[];
  isWithinBudget: boolean;
};

const sum = (list: Sized[]): Sized =>
  list.reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );

function measure(page: Page): PageReport {
  const scripts = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module]);
  for (const url of manifest.entry.imports ?? []) scripts.add(url);
  const styles = new Set<string>();
  for (const id of page.routes) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    scripts.add(route.module);
    for (const url of route.imports ?? []) scripts.add(url);
    for (const url of route.css ?? []) styles.add(url);
  }
  const lazy = new Set<string>();
  const queue = [...scripts].flatMap(lazyImportsOf);
  while (queue.length > 0) {
    const url = queue.pop() as string;
    if (scripts.has(url) || lazy.has(url) || !existsSync(resolve(clientDir, `.${url}`))) continue;
    lazy.add(url);
    queue.push(...lazyImportsOf(url), ...staticImportsOf(url));
  }
  const js = sum([...scripts].map(sizeOf));
  return {
    name: page.name,
    path: page.path,
    budgetJsKb: page.budgetJsKb,
    js,
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

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const reports = pages.map(measure);

const lines: string[] = [
  "## Page weight",
  "",
  `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${gitHead()}. Command: \`npx node bench/bundle/run.ts\` (builds, then reads React Router's browser manifest: the manifest script, the entry and its imports, each matched route's module, imports and CSS). KB = 1000 bytes; gzip -9 / Brotli -11, the files the server sends.`,
  "",
  "| Page | JS raw KB | JS gzip KB | JS Brotli KB | CSS gzip KB | Budget (JS gzip) | Lazy JS gzip KB |",
  "|---|---:|---:|---:|---:|---|---:|",
  ...reports.map(
    (r) =>
      `| ${r.name} \`${r.path}\` | ${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.js.brotli)} | ${kb(r.css.gzip)} | ≤ ${r.budgetJsKb} ${r.isWithinBudget ? "✓" : "✗"} | ${kb(r.lazyJs.gzip)} |`,
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
    console.log(`${r.name} ${r.path}: ${kb(r.js.gzip)} KB JS gzip`);
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
