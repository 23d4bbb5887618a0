import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FIRST_START_NODE_FLAGS } from "./first-start-flags.mjs";

// `npm start`: the built server bundle. A fresh clone has none yet, so build it once.
// Plain JavaScript (type-checked through JSDoc, tsconfig.json): this process becomes the server,
// and a .ts entry would keep Node's TypeScript stripper (a WebAssembly module, ~14 MB) resident
// in it for good (docs/decisions/0036).
process.env.NODE_ENV ??= "production";
const entry = path.resolve("build/server/index.js");
// A first start builds in front of the person: a few plain lines here, the build's own
// hundred (file listings, plugin timings) in a log file, or on the terminal with LOG_LEVEL=debug.
const isVerbose = process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace";
const buildLog = path.resolve(process.env.DATA_DIR ?? "./data", "logs", "build.log");

/**
 * Runs one build step quietly (into the build log) or on the terminal; true when it worked.
 * @param {string} command
 * @param {string[]} args
 */
function buildStep(command, args) {
  if (isVerbose) return spawnSync(command, args, { stdio: "inherit" }).status === 0;
  mkdirSync(path.dirname(buildLog), { recursive: true });
  const out = openSync(buildLog, "a");
  try {
    return spawnSync(command, args, { stdio: ["ignore", out, out] }).status === 0;
  } finally {
    closeSync(out);
  }
}

if (!existsSync(entry)) {
  console.log("First start: building Dropwave (a minute or two)…");
  if (!isVerbose) {
    mkdirSync(path.dirname(buildLog), { recursive: true });
    writeFileSync(buildLog, "");
  }
  if (!buildStep("npx", ["react-router", "build"]) || !existsSync(entry)) {
    console.error(
      isVerbose ? "The build failed; see above." : `The build failed; its output is in ${buildLog}`,
    );
    process.exit(1);
  }
  if (!isVerbose) console.log(`Built (details in ${buildLog}).`);
}
// The browser extension's zips (the install links); quick, and optional: the app runs without.
if (!existsSync(path.resolve("build/extension/dropwave-chrome.zip"))) {
  buildStep("node", ["scripts/build-extension.ts"]);
}
// First start on the embedded database: it is created (initdb + every migration) in a process
// of its own before the server loads, so that its peak memory is never on top of the server's
// (server/create-database.ts).
const creator = path.resolve("build/server/create-database.js");
if (existsSync(creator)) {
  /** @type {typeof import("../server/create-database.ts")} */
  const { embeddedDatabaseToCreate } = await import(pathToFileURL(creator).href);
  const dir = embeddedDatabaseToCreate();
  if (dir) {
    console.log(`Creating the database in ${dir}…`);
    // The server's own Node flags (scripts/server-flags.ts), not a debugger's or a profiler's,
    // and the first-start process's own.
    const flags = process.execArgv.filter((flag) => !/^--(inspect|cpu-prof|heap-prof)/.test(flag));
    const created = spawnSync(process.execPath, [...flags, ...FIRST_START_NODE_FLAGS, creator], {
      stdio: "inherit",
    });
    if (created.status !== 0) {
      console.error("Creating the database failed; see above.");
      process.exit(1);
    }
  }
}
/** @type {typeof import("../server/main.ts")} */
const server = await import(pathToFileURL(entry).href);
await server.start();
