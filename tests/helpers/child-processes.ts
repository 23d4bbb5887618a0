import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** One Node process a test started, with what it printed. */
export type TestChild = {
  child: ChildProcess;
  /** Resolves once the process exited and its output was read to the end. */
  closed: Promise<void>;
  /** The lines printed so far that start with `word` and a space ("checked …", "claimed …"). */
  lines(word: string): string[];
  /** SIGKILL, then wait until the process is gone. */
  kill9(): Promise<void>;
};

/**
 * Starts a script under tests/helpers (a worker against the test's database) as separate Node
 * processes, one per `start`, collecting their output. `killAll` (in the file's afterAll)
 * kills whatever is still running.
 */
export function childProcesses(script: string) {
  const file = path.resolve("tests/helpers", script);
  const started: ChildProcess[] = [];
  return {
    start(args: readonly string[], env: Record<string, string> = {}): TestChild {
      const child = spawn(process.execPath, [file, ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, ...env },
      });
      started.push(child);
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      // "close" comes after the process exited and its output was read to the end.
      const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      // Read and dropped, so a chatty child never blocks on a full pipe.
      child.stderr?.on("data", () => {});
      return {
        child,
        closed,
        lines: (word) => out.split("\n").filter((line) => line.startsWith(`${word} `)),
        kill9: async () => {
          child.kill("SIGKILL");
          await exited;
        },
      };
    },
    killAll(): void {
      for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
