import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,core,server,tests,bench,scripts,extension}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "tests/e2e/**"],
    setupFiles: ["tests/setup/console-error.ts"],
    globalSetup: ["tests/setup/global.ts"],
    environment: "node",
    // V8's code-page tracking under memory protection keys (PKU, on AMD EPYC and Intel Xeon) can
    // abort the process when a worker thread is terminated while PGlite's WebAssembly runs
    // (`Check failed: jit_page.has_value()`); the server runs without it too (scripts/server-flags.ts).
    execArgv: ["--no-memory-protection-keys"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
