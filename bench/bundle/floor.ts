/**
 * The floor under the page budgets: what React + ReactDOM alone, and with React Router's
 * hydration added, weigh gzipped when built the way the app is built (Vite 8, production), on
 * React and on Preact's compat layer as the browser bundle uses it (docs/decisions/0034).
 *   npx node bench/bundle/floor.ts
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { preactClient } from "../../scripts/vite-preact-client.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const work = mkdtempSync(join(repoRoot, "node_modules/.floor-"));

const entries: Record<string, string> = {
  "react + react-dom (hydrateRoot)": `import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
hydrateRoot(document.getElementById("app"), createElement("p", null, "hi"));`,
  "react + react-dom + react-router (HydratedRouter, Link)": `import { createElement, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { Link, Outlet, Scripts, Links, Meta } from "react-router";
window.__keep = [Link, Outlet, Scripts, Links, Meta];
hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter)));`,
};

const runtimes = { react: [], "preact/compat": [preactClient()] };

try {
  for (const [runtime, plugins] of Object.entries(runtimes))
    for (const [name, source] of Object.entries(entries)) {
      const dir = join(work, `${runtime.replace("/", "-")}-${Object.keys(entries).indexOf(name)}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "entry.js"), source);
      await build({
        configFile: false,
        logLevel: "silent",
        plugins,
        root: dir,
        mode: "production",
        build: {
          outDir: join(dir, "out"),
          rolldownOptions: { input: join(dir, "entry.js") },
          write: true,
        },
      });
      let raw = 0;
      let gzip = 0;
      const assets = join(dir, "out", "assets");
      for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
        const body = readFileSync(join(assets, file));
        raw += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
      }
      console.log(
        `on ${runtime}, ${name}: ${(raw / 1000).toFixed(1)} KB raw, ${(gzip / 1000).toFixed(1)} KB gzip`,
      );
    }
} finally {
  rmSync(work, { recursive: true, force: true });
}
