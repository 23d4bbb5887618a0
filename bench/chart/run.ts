/**
 * Two time-series chart libraries for the price chart (docs/decisions/0024-price-chart.md):
 * the gzipped size of a minimal price chart built with each (Vite 8, production: a step line,
 * four horizontal lines, a crosshair callback), and the time to create it and draw 5 years of
 * 6-hourly prices (7 300 points, every one a change: the worst case) in headless Chromium.
 *   npx node bench/chart/run.ts [--runs 7]
 * Prints one line per library and a JSON summary.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build } from "vite";

const { values } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const runs = Number(values.runs);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const work = mkdtempSync(join(repoRoot, "node_modules/.chart-bench-"));

const POINTS = 5 * 365 * 4;
const data = `const start = Date.UTC(2021, 0, 1) / 1000;
const xs = new Float64Array(${POINTS}), ys = new Float64Array(${POINTS});
let p = 19999;
for (let i = 0; i < ${POINTS}; i++) { xs[i] = start + i * 21600; p = Math.max(999, p + ((i * 7919) % 13) * 10 - 60); ys[i] = p / 100; }`;

const entries: Record<string, string> = {
  uplot: `import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
${data}
window.draw = () => {
  const el = document.getElementById("chart");
  el.textContent = "";
  const t0 = performance.now();
  const lines = [150, 199, 250, 120];
  const u = new uPlot({
    width: 800, height: 300,
    series: [{}, { stroke: "#f0f", width: 2, paths: uPlot.paths.stepped({ align: 1 }) }],
    scales: { x: { time: true } },
    hooks: {
      draw: [(u) => { const c = u.ctx; for (const y of lines) { const py = u.valToPos(y, "y", true); c.beginPath(); c.moveTo(u.bbox.left, py); c.lineTo(u.bbox.left + u.bbox.width, py); c.stroke(); } }],
      setCursor: [(u) => { window.lastIdx = u.cursor.idx; }],
    },
  }, [xs, ys], el);
  return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))));
};`,
  "lightweight-charts": `import { createChart, LineSeries, LineType } from "lightweight-charts";
${data}
const points = Array.from(xs, (x, i) => ({ time: x, value: ys[i] }));
window.draw = () => {
  const el = document.getElementById("chart");
  el.textContent = "";
  const t0 = performance.now();
  const chart = createChart(el, { width: 800, height: 300 });
  const s = chart.addSeries(LineSeries, { lineType: LineType.WithSteps, color: "#f0f", lineWidth: 2 });
  s.setData(points);
  for (const price of [150, 199, 250, 120]) s.createPriceLine({ price, color: "#888", lineWidth: 1 });
  chart.subscribeCrosshairMove((p) => { window.lastIdx = p.time; });
  chart.timeScale().fitContent();
  return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))));
};`,
};

type Result = { library: string; jsGzipKb: number; cssGzipKb: number; medianMs: number };
const results: Result[] = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const [library, source] of Object.entries(entries)) {
    const dir = join(work, library);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "entry.js"), source);
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html><html><body><div id="chart"></div><script type="module" src="./entry.js"></script></body></html>`,
    );
    await build({
      configFile: false,
      logLevel: "silent",
      root: dir,
      base: "./",
      mode: "production",
      build: { outDir: join(dir, "out") },
    });
    const out = join(dir, "out");
    const assets = readdirSync(join(out, "assets"));
    const gz = (ext: string) =>
      assets
        .filter((f) => f.endsWith(ext))
        .reduce(
          (n, f) => n + gzipSync(readFileSync(join(out, "assets", f)), { level: 9 }).length,
          0,
        );
    const server = createServer((req, res) => {
      const path = join(out, req.url === "/" ? "index.html" : (req.url ?? ""));
      const type = path.endsWith(".js")
        ? "text/javascript"
        : path.endsWith(".css")
          ? "text/css"
          : "text/html";
      try {
        const body = readFileSync(path);
        res.writeHead(200, { "content-type": type }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => typeof (window as { draw?: unknown }).draw === "function");
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const ms = await page.evaluate(() =>
        (window as unknown as { draw(): Promise<number> }).draw(),
      );
      if (i > 0) times.push(ms); // the first draw warms the JIT
    }
    await page.close();
    server.close();
    times.sort((a, b) => a - b);
    const result = {
      library,
      jsGzipKb: Math.round(gz(".js") / 100) / 10,
      cssGzipKb: Math.round(gz(".css") / 100) / 10,
      medianMs: Math.round(times[Math.floor(times.length / 2)] ?? Number.NaN),
    };
    results.push(result);
    console.log(
      `${library}: ${result.jsGzipKb} KB JS gzip (+${result.cssGzipKb} KB CSS), create + draw ${POINTS} points: median ${result.medianMs} ms of ${runs}`,
    );
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(JSON.stringify({ points: POINTS, runs, results }));
