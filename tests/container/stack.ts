/**
 * The compose stack driven from a script, for the container test (tests/container/run.ts) and
 * benchmark (bench/containers/run.ts): podman and podman-compose 1.0.3 (Debian 12), with the
 * settings that make podman work on a machine like CI's (podman-env.sh) and base images chosen
 * by `chooseBaseImages`. Only loopback addresses of this machine and the stack's own network
 * are ever contacted.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** podman's configuration on machines like CI's (tests/container/podman-env.sh, same content). */
function containersConf(): string {
  if (process.env.CONTAINERS_CONF) return process.env.CONTAINERS_CONF;
  const dir = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
    "dropwave-containers",
  );
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "containers.conf");
  writeFileSync(file, '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\n');
  return file;
}

export const podmanEnv = { CONTAINERS_CONF: containersConf() };

export type Run = { status: number | null; stdout: string; stderr: string };

/** Runs a command to its end (no shell); `quiet` keeps its output to the result only. */
export function run(
  command: string,
  args: string[],
  options: {
    env?: Record<string, string>;
    quiet?: boolean;
    input?: string;
    timeoutMs?: number;
  } = {},
): Run {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...podmanEnv, ...options.env },
    input: options.input,
    timeout: options.timeoutMs ?? 20 * 60_000,
    maxBuffer: 256 * 1024 * 1024,
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const outcome = {
    status: result.status,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
  };
  if (!options.quiet) {
    if (outcome.stdout.trim()) process.stdout.write(outcome.stdout);
    if (outcome.stderr.trim()) process.stderr.write(outcome.stderr);
  }
  return outcome;
}

export function must(
  command: string,
  args: string[],
  options: Parameters<typeof run>[2] = {},
): Run {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}): ${result.stderr.slice(-2000)}`,
    );
  }
  return result;
}

export const hasCommand = (command: string) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

export const imageExists = (image: string) =>
  run("podman", ["image", "exists", image], { quiet: true }).status === 0;

export type BaseImages = { BUILD_IMAGE: string; RUNTIME_IMAGE: string; POSTGRES_IMAGE: string };

/**
 * The base images to build and run with, without pulling (no registry may be reachable): the
 * ones named in the environment; else the official ones when present locally; else the local
 * stand-ins made by tests/container/base-images.sh. Undefined when none is there.
 */
export function chooseBaseImages(): BaseImages | undefined {
  const given = {
    BUILD_IMAGE: process.env.BUILD_IMAGE,
    RUNTIME_IMAGE: process.env.RUNTIME_IMAGE,
    POSTGRES_IMAGE: process.env.POSTGRES_IMAGE,
  };
  const sets: BaseImages[] = [
    {
      BUILD_IMAGE: "docker.io/library/node:24-bookworm-slim",
      RUNTIME_IMAGE: "docker.io/library/debian:bookworm-slim",
      POSTGRES_IMAGE: "docker.io/library/postgres:17",
    },
    {
      BUILD_IMAGE: "localhost/node:24-bookworm-slim",
      RUNTIME_IMAGE: "localhost/debian:bookworm-slim",
      POSTGRES_IMAGE: "localhost/postgres:15-bookworm",
    },
  ];
  for (const set of sets) {
    const chosen = {
      BUILD_IMAGE: given.BUILD_IMAGE ?? set.BUILD_IMAGE,
      RUNTIME_IMAGE: given.RUNTIME_IMAGE ?? set.RUNTIME_IMAGE,
      POSTGRES_IMAGE: given.POSTGRES_IMAGE ?? set.POSTGRES_IMAGE,
    };
    if (Object.values(chosen).every(imageExists)) return chosen;
  }
  return undefined;
}

/** Builds the Dropwave image from the repository's Dockerfile; returns the seconds it took. */
export function buildImage(tag: string, bases: BaseImages): number {
  const started = performance.now();
  must(
    "podman",
    [
      "build",
      // Docker's image format: the OCI format that podman writes by default has no HEALTHCHECK.
      "--format",
      "docker",
      "--build-arg",
      `BUILD_IMAGE=${bases.BUILD_IMAGE}`,
      "--build-arg",
      `RUNTIME_IMAGE=${bases.RUNTIME_IMAGE}`,
      "-t",
      tag,
      ".",
    ],
    { quiet: true },
  );
  return (performance.now() - started) / 1000;
}

export type Stack = {
  project: string;
  env: Record<string, string>;
  compose(args: string[], options?: { quiet?: boolean }): Run;
  /** `up -d` (of some services only, when named). */
  up(services?: string[]): void;
  /** Names of the running containers of a service. */
  containers(service: string): string[];
  /** Waits until every container of the service passes its HEALTHCHECK (podman healthcheck run). */
  waitHealthy(service: string, timeoutMs?: number): Promise<number>;
  /** psql in the postgres container; returns its output (unaligned, tuples only). */
  psql(sql: string): string;
  down(options?: { volumes?: boolean }): void;
};

/**
 * A compose project of compose.yaml + compose.test.yaml. `env` is compose's own environment
 * (interpolation: images, ports, POSTGRES_PASSWORD, DROPWAVE_WORKERS); `settings` are the app's,
 * written to the env file that compose.yaml hands to the web and worker containers.
 */
export function stack(
  project: string,
  composeEnv: Record<string, string>,
  settings: Record<string, string> = {},
): Stack {
  const envFile = path.join(tmpdir(), `${project}.env`);
  const writeEnvFile = () =>
    writeFileSync(
      envFile,
      Object.entries(settings)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(""),
    );
  const env = { ...composeEnv, DROPWAVE_ENV_FILE: envFile };
  const files = ["-f", "compose.yaml", "-f", "tests/container/compose.test.yaml"];
  const compose = (args: string[], options: { quiet?: boolean } = {}) => {
    writeEnvFile(); // podman-compose 1.0.3 silently starts no container whose env file is missing
    return run("podman-compose", ["-p", project, ...files, ...args], {
      env,
      quiet: options.quiet ?? true,
    });
  };
  const containers = (service: string) =>
    run(
      "podman",
      [
        "ps",
        "--filter",
        `label=com.docker.compose.project=${project}`,
        "--filter",
        `label=com.docker.compose.service=${service}`,
        "--format",
        "{{.Names}}",
      ],
      { quiet: true },
    )
      .stdout.split("\n")
      .filter(Boolean)
      .sort();
  return {
    project,
    env,
    compose,
    up(services = []) {
      const result = compose(["up", "-d", ...services]);
      if (result.status !== 0) {
        throw new Error(`podman-compose up failed: ${result.stderr.slice(-2000)}`);
      }
    },
    containers,
    async waitHealthy(service, timeoutMs = 240_000) {
      const started = performance.now();
      for (;;) {
        const names = containers(service);
        const healthy = names.filter(
          (name) => run("podman", ["healthcheck", "run", name], { quiet: true }).status === 0,
        );
        if (names.length > 0 && healthy.length === names.length) {
          return Math.round(performance.now() - started);
        }
        if (performance.now() - started > timeoutMs) {
          throw new Error(
            `${service} not healthy after ${timeoutMs} ms (${healthy.length}/${names.length})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    psql(sql) {
      const [postgres] = containers("postgres");
      if (!postgres) throw new Error("no postgres container");
      return must(
        "podman",
        [
          "exec",
          "-i",
          postgres,
          "psql",
          "-X",
          "-q",
          "-A",
          "-t",
          "-v",
          "ON_ERROR_STOP=1",
          "-U",
          "dropwave",
          "-d",
          "dropwave",
        ],
        { quiet: true, input: sql },
      ).stdout.trim();
    },
    down(options = {}) {
      compose(["down", ...(options.volumes ? ["-v"] : [])]);
      if (options.volumes) {
        rmSync(envFile, { force: true });
        // podman-compose 1.0.3 leaves the network; volumes it does remove with -v.
        run("podman", ["network", "rm", "-f", `${project}_default`], { quiet: true });
        for (const volume of ["postgres-data", "dropwave-data"]) {
          run("podman", ["volume", "rm", "-f", `${project}_${volume}`], { quiet: true });
        }
      }
    },
  };
}

/** A signed-in person on the stack's web role: JSON calls with the session cookie. */
export async function signUp(origin: string, email: string) {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "a long enough password", name: "Container Test" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up opens no session (decision 0065): sign in after it.
  const signedIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "a long enough password" }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async function api<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${origin}/api/v1${pathname}`, {
      method,
      headers: {
        cookie,
        origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Polls until `condition` returns a value (not undefined), or throws after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  condition: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not reached in ${timeoutMs} ms${lastError ? ` (${String(lastError)})` : ""}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Waits until `url` answers 200 from the host. A container's own healthcheck passes before
 * podman's published port forwards (rootless port forwarding starts apart from the container):
 * after a restart, a request in that gap failed with "fetch failed" (CI, 2026-11-27).
 */
export function waitReachable(url: string, timeoutMs = 60_000): Promise<true> {
  return eventually(
    `${url} answering from the host`,
    async () => {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await answer.arrayBuffer();
      return answer.ok ? true : undefined;
    },
    timeoutMs,
  );
}
