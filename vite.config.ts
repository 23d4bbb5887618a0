import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { buildId } from "./scripts/vite-build-id.ts";
import { preactClient } from "./scripts/vite-preact-client.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Entries built beside the server bundle, for processes and threads that load a file of their
 * own, not the bundle: build/server/extract-task.js (the extraction pool's worker threads,
 * core/extract-pool), build/server/import-read-task.js (the thread that reads an import file,
 * core/tracking/import-reader.ts) and build/server/create-database.js (the embedded database's first start,
 * run by scripts/start.mjs in a process of its own), and the database commands of the container
 * image, which has no npm (scripts/container-entrypoint.sh): migrate.js, backup.js, restore.js.
 */
function ownEntries(): Plugin {
  const entries = {
    "extract-task.js": "./core/extract-pool/extract-task.ts",
    "import-read-task.js": "./core/tracking/import-read-task.ts",
    "create-database.js": "./server/create-database.ts",
    "migrate.js": "./scripts/migrate.ts",
    "backup.js": "./scripts/backup.ts",
    "restore.js": "./scripts/restore.ts",
  };
  return {
    name: "dropwave:own-entries",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const [fileName, source] of Object.entries(entries)) {
        this.emitFile({
          type: "chunk",
          id: fileURLToPath(new URL(source, import.meta.url)),
          fileName,
        });
      }
    },
  };
}

// The server build's entry is server/main.ts: Hono, the API and React Router in one bundle,
// so a process has one copy of every module (see docs/ARCHITECTURE.md).
export default defineConfig({
  plugins: [preactClient(), tailwindcss(), reactRouter(), buildId(), ownEntries(), precompress()],
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
