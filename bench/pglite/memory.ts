/**
 * PGlite's start-up and idle memory, each start in its own process:
 *   npm run bench:pglite
 * For PGlite's defaults, Dropwave's options (core/db/client.ts PGLITE_OPTIONS: its settings and
 * initdb's arguments), and those with the server's Node flags (scripts/server-flags.ts), also
 * without initdb's arguments (as before 2026-11-25) and with the first-start process's flags:
 * a first start (initdb + every migration) and a restart on that data directory. Reports
 * start-up time, peak RSS (VmHWM) and RSS after 2 s idle, as JSON lines and a table.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGLITE_OPTIONS, PGLITE_SETTINGS } from "../../core/db/client.ts";
import { FIRST_START_NODE_FLAGS } from "../../scripts/first-start-flags.mjs";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";

const variants = [
  { name: "PGlite defaults", settings: {}, nodeFlags: [] as readonly string[] },
  { name: "Dropwave options", settings: PGLITE_OPTIONS, nodeFlags: [] },
  {
    name: `Dropwave settings without initdb's arguments + ${SERVER_NODE_FLAGS.join(" ")}`,
    settings: { postgresqlconf: PGLITE_SETTINGS },
    nodeFlags: SERVER_NODE_FLAGS,
  },
  {
    name: `Dropwave options + ${SERVER_NODE_FLAGS.join(" ")} (as npm start runs)`,
    settings: PGLITE_OPTIONS,
    nodeFlags: SERVER_NODE_FLAGS,
  },
  {
    name: `Dropwave options + ${[...SERVER_NODE_FLAGS, ...FIRST_START_NODE_FLAGS].join(" ")} (npm start's first-start process)`,
    settings: PGLITE_OPTIONS,
    nodeFlags: [...SERVER_NODE_FLAGS, ...FIRST_START_NODE_FLAGS],
  },
];
const child = path.join(path.dirname(new URL(import.meta.url).pathname), "open-child.ts");
const rows: string[] = [];
for (const variant of variants) {
  const dir = mkdtempSync(path.join(tmpdir(), "dropwave-pglite-mem-"));
  try {
    for (const [phase, migrate] of [
      ["first start (initdb + migrations)", "1"],
      ["restart", "0"],
    ] as const) {
      const out = execFileSync(
        process.execPath,
        [
          "--expose-gc",
          ...variant.nodeFlags,
          child,
          path.join(dir, "db"),
          JSON.stringify(variant.settings),
          migrate,
        ],
        { encoding: "utf8" },
      );
      const result = JSON.parse(out.trim().split("\n").pop() ?? "{}");
      console.log(JSON.stringify({ variant: variant.name, phase, ...result }));
      rows.push(
        `| ${variant.name} | ${phase} | ${result.startMs} | ${result.peakMb} | ${result.idleMb} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.error(
  [
    "| Settings | Phase | Start ms | Peak RSS MB | Idle RSS MB |",
    "|---|---|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
