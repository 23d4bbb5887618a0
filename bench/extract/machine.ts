import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg, totalmem } from "node:os";

/** The load average now, as printed in reports ("2.00 1.13 0.45"). */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

/** Cores, CPU model, memory, Node, the time (UTC) and the load average, for a report's header. */
export function machine(): string {
  let cpu = "unknown CPU";
  try {
    cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpu;
  } catch {}
  let nproc = String(availableParallelism());
  try {
    nproc = execSync("nproc").toString().trim();
  } catch {}
  const gib = Math.round(totalmem() / 2 ** 30);
  return `nproc ${nproc}, ${cpu}, ${gib} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${loadAverage()}`;
}

/** The checkout's commit (short hash, "+changes" when the tree differs from it). */
export function commitOf(dir: string): string {
  try {
    const hash = execSync("git rev-parse --short HEAD", { cwd: dir }).toString().trim();
    const dirty = execSync("git status --porcelain --untracked-files=no", { cwd: dir })
      .toString()
      .trim();
    return dirty ? `${hash}+changes` : hash;
  } catch {
    return "unknown commit";
  }
}
