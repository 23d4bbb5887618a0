import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { buildId } from "./scripts/vite-build-id.ts";
import { preactClient } from "./scripts/vite-preact-client.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * The extraction pool's worker-thread entry (core/extract-pool), built beside the server bundle
 * as build/server/extract-task.js: worker threads load a file of their own, not the bundle.
 */
function extractTaskEntry(): Plugin {
  return {
    name: "dropwave:extract-task-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: fileURLToPath(new URL("./core/extract-pool/extract-task.ts", import.meta.url)),
        fileName: "extract-task.js",
      });
    },
  };
}

// The server build's entry is server/main.ts: Hono, the API and React Router in one bundle,
// so a process has one copy of every module (see docs/ARCHITECTURE.md).
export default defineConfig({
  plugins: [
    preactClient(),
    tailwindcss(),
    reactRouter(),
    buildId(),
    extractTaskEntry(),
    precompress(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        rolldownOptions: { input: "./server/main.ts" },
      },
    },
  },
  optimizeDeps: {
    include: ["@tanstack/react-query", "sonner"],
  },
  server: { hmr: { port: 24_678 } },
});
