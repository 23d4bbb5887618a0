import { resolve } from "node:path";
import type { Plugin } from "vite";
import { precompressDirectory } from "../server/compression.ts";

/**
 * Writes .br and .gz next to every compressible file of the browser build (build/client,
 * public files included), once, after Vite has written it; server/compression.ts serves them.
 */
export function precompress(): Plugin {
  return {
    name: "dropwave:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle: {
      order: "post",
      sequential: true,
      handler(options) {
        if (!options.dir) return;
        const written = precompressDirectory(resolve(options.dir));
        this.info(`precompressed ${written.length} files (.br, .gz)`);
      },
    },
  };
}
