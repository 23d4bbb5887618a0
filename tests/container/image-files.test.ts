import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-flags.ts";

/**
 * What the container image is made of, checked without building it (tests/container/run.ts
 * builds and runs it where podman is present): the files it copies exist, it starts the server
 * with npm start's flags, and its base images default to the official ones.
 */
const dockerfile = readFileSync("Dockerfile", "utf8");
const entrypoint = readFileSync("scripts/container-entrypoint.sh", "utf8");

describe("the container image", () => {
  it("copies files that exist", () => {
    const copied = [...dockerfile.matchAll(/\/app\/(scripts\/[\w.-]+)/g)].map((m) => m[1]!);
    expect(copied.length).toBeGreaterThanOrEqual(5);
    for (const file of copied) expect(existsSync(file), file).toBe(true);
    // What the launcher imports from scripts/ is in the image too.
    const launcher = readFileSync("scripts/start.mjs", "utf8");
    for (const [, file] of launcher.matchAll(/from "\.\/([\w.-]+)"/g)) {
      expect(copied, file).toContain(`scripts/${file}`);
    }
    // Every script the entry point runs is in the image.
    for (const [, file] of entrypoint.matchAll(/node (scripts\/[\w.-]+)/g)) {
      expect(copied, file).toContain(file);
    }
  });

  it("starts the server as npm start does", () => {
    expect(entrypoint).toContain(
      `start) exec node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs "$@"`,
    );
  });

  it("builds the database commands it runs (vite.config.ts's own entries)", () => {
    const vite = readFileSync("vite.config.ts", "utf8");
    for (const [, name] of entrypoint.matchAll(/node build\/server\/([\w-]+\.js)/g)) {
      expect(vite).toContain(`"${name}": "./scripts/`);
    }
  });

  it("defaults to the official base images, and only build arguments change them", () => {
    expect(dockerfile).toContain("ARG BUILD_IMAGE=node:24-bookworm-slim");
    expect(dockerfile).toContain("ARG RUNTIME_IMAGE=debian:bookworm-slim");
    expect(dockerfile).toMatch(/^FROM \$\{BUILD_IMAGE\} AS build$/m);
    expect(dockerfile).toMatch(/^FROM \$\{RUNTIME_IMAGE\} AS runtime$/m);
    expect(readFileSync("compose.yaml", "utf8")).toContain(
      ["$", "{POSTGRES_IMAGE:-postgres:17}"].join(""),
    );
  });

  it("runs as a user without root, with its data on a volume", () => {
    expect(dockerfile).toMatch(/^USER dropwave$/m);
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });
});
