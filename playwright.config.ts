import { defineConfig, devices } from "@playwright/test";
import { HEADLESS_CHROMIUM_ARGS } from "./core/chromium-args.ts";
import { SERVER_NODE_FLAGS } from "./scripts/server-flags.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The reference-rates stand-in of groups.spec.ts listens here (decision 0069). */
const RATES_PORT = PORT + 1000;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Browser tests drive Debian's Chromium against the built app (npm run build first).
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]]
    : "list",
  // Generous: CI shares two cores between the app server, Chromium and the test runner.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [...HEADLESS_CHROMIUM_ARGS],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf .e2e-data && node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: ".e2e-data",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100",
      // The dense hub list is tested with 210 products (fast-pages.spec.ts).
      MAX_WATCHES_PER_USER: "1000",
      // The tests' local store runs on 127.0.0.1, which the fetcher refuses by default.
      FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
      FETCH_HOST_SPACING_MS: "0",
      // Intervals in minutes are offered down to the operator's floor (hub.spec.ts).
      MIN_CHECK_INTERVAL_MINUTES: "1",
      // The exchange rates come from a loopback stand-in for the ECB's feed (groups.spec.ts).
      REFERENCE_RATES_URL: `http://127.0.0.1:${RATES_PORT}/eurofxref-daily.xml`,
      // tests/e2e/admin.spec.ts signs up as the operator.
      ADMIN_EMAILS: "operator@example.test",
      NODE_ENV: "production",
    },
  },
});
