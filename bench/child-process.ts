import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * A benchmark's helper process (a store, a worker): `script` run by this Node with `nodeFlags`,
 * its stdout read line by line (`nextLine`), killed when the benchmark exits.
 */
export function spawnNode(script: string, args: string[], nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queue.push(line);
  });
  return {
    child,
    nextLine: () =>
      new Promise<string>((resolve) => {
        const line = queue.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      }),
  };
}
