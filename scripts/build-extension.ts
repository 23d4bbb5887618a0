import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { zipSync } from "fflate";
import { buildManifest, type ExtensionTarget } from "../extension/manifest.ts";

/**
 * `npm run build:extension`: bundles extension/src (which imports core/extract and core/money
 * straight from the source: no copy) with esbuild, writes one unpacked folder per target
 * (build/extension/chrome, build/extension/firefox) and a zip of each
 * (build/extension/dropwave-chrome.zip, dropwave-firefox.zip), and prints each file's size
 * gzipped. The server offers the zips on /extension/….
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ENTRIES = ["background", "popup", "picker", "connect"] as const;
const STATIC = ["popup.html", "popup.css"] as const;
/** The toolbar and store icons, rendered from extension/icon.svg at each size the manifest names. */
export const ICON_SIZES = [16, 32, 48, 128] as const;
const ICONS = ICON_SIZES.map((size) => `icon-${size}.png`);
export const TARGETS: readonly ExtensionTarget[] = ["chrome", "firefox"];

export type BuiltExtension = {
  dirs: Record<ExtensionTarget, string>;
  zips: Record<ExtensionTarget, string>;
  /** Each file of one target's bundle: bytes and gzipped bytes. */
  sizes: { file: string; bytes: number; gzipBytes: number }[];
};

export async function buildExtension(
  options: { outDir?: string; extraHostPermissions?: string[] } = {},
): Promise<BuiltExtension> {
  const outDir = options.outDir ?? path.join(root, "build/extension");
  const version = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }
  ).version;
  rmSync(outDir, { recursive: true, force: true });
  const dirs = {} as Record<ExtensionTarget, string>;
  const zips = {} as Record<ExtensionTarget, string>;
  for (const target of TARGETS) {
    const dir = path.join(outDir, target);
    mkdirSync(dir, { recursive: true });
    await build({
      entryPoints: ENTRIES.map((name) => path.join(root, "extension/src", `${name}.ts`)),
      outdir: dir,
      bundle: true,
      format: "iife",
      minify: true,
      legalComments: "none",
      target: target === "chrome" ? ["chrome116"] : ["firefox128"],
      logLevel: "warning",
    });
    for (const file of STATIC)
      copyFileSync(path.join(root, "extension", file), path.join(dir, file));
    await renderIcons(dir);
    const manifest = buildManifest(target, {
      version,
      extraHostPermissions: options.extraHostPermissions,
    });
    writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const files = ["manifest.json", ...STATIC, ...ICONS, ...ENTRIES.map((e) => `${e}.js`)];
    const zip = zipSync(
      Object.fromEntries(files.map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))])),
      { level: 9 },
    );
    zips[target] = path.join(outDir, `dropwave-${target}.zip`);
    writeFileSync(zips[target], zip);
    dirs[target] = dir;
  }
  const sizes = ["manifest.json", ...STATIC, ...ENTRIES.map((e) => `${e}.js`)].map((file) => {
    const content = readFileSync(path.join(dirs.chrome, file));
    return {
      file,
      bytes: statSync(path.join(dirs.chrome, file)).size,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });
  return { dirs, zips, sizes };
}

/** PNGs of extension/icon.svg (sharp renders SVG through librsvg), one per manifest size. */
async function renderIcons(dir: string): Promise<void> {
  const { default: sharp } = await import("sharp");
  const svg = readFileSync(path.join(root, "extension/icon.svg"));
  for (const size of ICON_SIZES) {
    await sharp(svg, { density: Math.max(72, (72 * size) / 32) })
      .resize(size, size)
      .png()
      .toFile(path.join(dir, `icon-${size}.png`));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildExtension();
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const s of built.sizes)
    console.log(
      `${s.file.padEnd(16)} ${kib(s.bytes).padStart(10)}  gzip ${kib(s.gzipBytes).padStart(9)}`,
    );
  const total = built.sizes.reduce(
    (a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzipBytes }),
    { bytes: 0, gzip: 0 },
  );
  console.log(
    `${"total".padEnd(16)} ${kib(total.bytes).padStart(10)}  gzip ${kib(total.gzip).padStart(9)}`,
  );
  for (const target of TARGETS)
    console.log(
      `${target}: ${path.relative(root, built.dirs[target])}/ and ${path.relative(root, built.zips[target])} (${kib(statSync(built.zips[target]).size)})`,
    );
}
