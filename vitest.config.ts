import { defineConfig } from "vitest/config";
import { NO_MEMORY_PROTECTION_KEYS } from "./scripts/server-flags.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{app,core,server,tests,bench,scripts,extension}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "tests/e2e/**"],
    setupFiles: ["tests/setup/console-error.ts"],
    globalSetup: ["tests/setup/global.ts"],
    environment: "node",
    // Tests terminate extraction threads beside PGlite's WebAssembly, as the server does: the
    // same flag, for the same V8 abort (scripts/server-flags.ts).
    execArgv: [NO_MEMORY_PROTECTION_KEYS],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
