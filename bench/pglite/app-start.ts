/**
 * The whole server's start-up memory on the embedded database, as `npm start` runs it: a first
 * start on an empty data directory (PGlite creates the database, every migration runs), then a
 * restart on it. For each: the server process's peak RSS (VmHWM) once it answers and its RSS
 * after 3 s idle; the peak of any process it started meanwhile (the first start's database
 * creation, server/create-database.ts); and the largest sum of the RSS of the server and its
 * child processes, sampled every 10 ms (what the machine needed at once).
 *   npm run bench:app-start [-- --runs 3]
 * Needs the build (`npm run build`). Prints one JSON line per start and a table.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";
import { benchServerEnv, processMemoryMb, waitUntilServing } from "../server-process.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1" } } });
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** The process's own children (Linux: /proc/PID/task/PID/children). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Samples a process tree every 10 ms: the largest RSS sum, and each child's last peak. */
function sampleTree(root: number) {
  let treePeakMb = 0;
  const childPeakMb = new Map<number, number>();
  const timer = setInterval(() => {
    try {
      // A process that is exiting has no memory lines any more (NaN): counted as 0.
      const mb = (pid: number, field: "VmHWM" | "VmRSS") => processMemoryMb(pid, field) || 0;
      let sum = mb(root, "VmRSS");
      for (const child of childrenOf(root)) {
        sum += mb(child, "VmRSS");
        childPeakMb.set(child, Math.max(childPeakMb.get(child) ?? 0, mb(child, "VmHWM")));
      }
      treePeakMb = Math.max(treePeakMb, sum);
    } catch {
      // a child exited between reading the list and its status
    }
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return { treePeakMb, childPeakMb: Math.max(0, ...childPeakMb.values()) };
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startOnce(dataDir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "scripts/start.mjs"],
    {
      cwd: repoRoot,
      env: benchServerEnv({ port, dataDir }),
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const tree = sampleTree(server.pid as number);
  try {
    const startMs = await waitUntilServing(origin, server, { pollMs: 50 });
    const pid = server.pid as number;
    const peakAtReadyMb = processMemoryMb(pid, "VmHWM");
    const { treePeakMb, childPeakMb } = tree.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return {
      startMs,
      peakMb: processMemoryMb(pid, "VmHWM"),
      peakAtReadyMb,
      idleMb: processMemoryMb(pid, "VmRSS"),
      childPeakMb,
      treePeakMb,
    };
  } finally {
    tree.stop();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

const rows: string[] = [];
for (let run = 1; run <= Number(values.runs); run++) {
  const dir = mkdtempSync(path.join(tmpdir(), "dropwave-app-start-"));
  try {
    for (const phase of ["first start", "restart"]) {
      const result = await startOnce(dir);
      console.log(JSON.stringify({ run, phase, ...result }));
      rows.push(
        `| ${run} | ${phase} | ${result.startMs} | ${result.peakMb} | ${result.idleMb} | ${result.childPeakMb || "–"} | ${result.treePeakMb} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.error(
  [
    "| Run | Phase | Start ms | Server peak RSS MB | Server idle RSS MB | Child process peak MB | Largest sum MB (sampled) |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
