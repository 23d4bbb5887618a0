import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FIRST_START_NODE_FLAGS } from "./first-start-flags.mjs";

// `npm start`: the built server bundle. A fresh clone has none yet, so build it once.
// Plain JavaScript (type-checked through JSDoc, tsconfig.json): this process becomes the server,
// and a .ts entry would keep Node's TypeScript stripper (a WebAssembly module, ~14 MB) resident
// in it for good (docs/decisions/0036).
process.env.NODE_ENV ??= "production";
const entry = path.resolve("build/server/index.js");
if (!existsSync(entry)) {
  console.log("No build yet: building the app once (npm run build)…");
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0 || !existsSync(entry)) {
    console.error("The build failed; see above.");
    process.exit(1);
  }
}
// The browser extension's zips (the install links); quick, and optional: the app runs without.
if (!existsSync(path.resolve("build/extension/dropwave-chrome.zip"))) {
  spawnSync("node", ["scripts/build-extension.ts"], { stdio: "inherit" });
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
    console.log(`First start: creating the embedded database in ${dir}…`);
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
