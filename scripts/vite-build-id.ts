import { randomBytes } from "node:crypto";
import type { Plugin } from "vite";

/** Where the browser build writes its id, and the path the server answers it at. */
export const LATEST_JSON = "latest.json";

/**
 * One id per `npm run build`, the same for the browser and the server bundle: a run of
 * `react-router build` builds both environments in one process, and DROPWAVE_BUILD_ID (set
 * here, or by a deployment that wants its own, e.g. a commit hash) carries it between them.
 */
export function buildIdOf(env: Record<string, string | undefined> = process.env): string {
  const given = env.DROPWAVE_BUILD_ID?.trim();
  if (given) return given;
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  env.DROPWAVE_BUILD_ID = id;
  return id;
}

/**
 * New-build detection (issue #17): the bundles know their own id
 * (`import.meta.env.DROPWAVE_BUILD_ID`), and the browser build writes `/latest.json` with it,
 * which open tabs poll (app/lib/new-build.ts). In development the id is "dev" and no file is
 * written.
 */
export function buildId(): Plugin {
  let id = "dev";
  return {
    name: "dropwave:build-id",
    config(_config, { command }) {
      if (command === "build") id = buildIdOf();
      return { define: { "import.meta.env.DROPWAVE_BUILD_ID": JSON.stringify(id) } };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({
        type: "asset",
        fileName: LATEST_JSON,
        source: `${JSON.stringify({ buildId: id })}\n`,
      });
    },
  };
}
