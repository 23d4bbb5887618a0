import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { generate } from "openapi-typescript-codegen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPerson,
  createTestApp,
  type ServedApp,
  serveOnLoopback,
} from "../../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../../tests/helpers/db.ts";

/**
 * The API's contract as its users meet it: /api/v1/openapi.json is checked by a standard
 * OpenAPI linter (Redocly's, recommended rules), and a typed client generated from it by a
 * client generator is type-checked against code that uses it, then called over HTTP.
 */
const database = setupTestDatabase();
const root = fileURLToPath(new URL("../../../", import.meta.url));
const workDir = path.join(root, "test-results", `openapi-client-${process.pid}-${Date.now()}`);

let served: ServedApp;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let documentText: string;

beforeAll(async () => {
  testApp = await createTestApp(database.current);
  served = await serveOnLoopback(testApp.app);
  const response = await fetch(`${served.origin}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  documentText = await response.text();
  mkdirSync(workDir, { recursive: true });
  writeFileSync(path.join(workDir, "openapi.json"), documentText);
});

afterAll(async () => {
  await served?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe("/api/v1/openapi.json", () => {
  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: documentText,
      absoluteRef: path.join(workDir, "openapi.json"),
      config,
    });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`,
    );
    // The two public documentation routes (this document and its reference page) have no
    // client error to describe: they take no input and need no credentials.
    const documentationRoutes = new Set([
      "#/paths/~1openapi.json/get/responses",
      "#/paths/~1docs/get/responses",
    ]);
    const unexpected = problems
      .filter(
        (p) =>
          !(
            p.ruleId === "operation-4xx-response" &&
            documentationRoutes.has(p.location[0]?.pointer ?? "")
          ),
      )
      .map((p) => found[problems.indexOf(p)]);
    expect(unexpected).toEqual([]);
  });

  it("gives a typed client that compiles against code using it and talks to the server", async () => {
    const clientDir = path.join(workDir, "client");
    await generate({
      input: path.join(workDir, "openapi.json"),
      output: clientDir,
      httpClient: "fetch",
    });

    // Code an API user would write: strict TypeScript must accept it against the generated types.
    writeFileSync(
      path.join(workDir, "use.ts"),
      `import { AccountService, ApiError, WatchesService } from "./client/index";
export async function use(): Promise<string> {
  const me = await AccountService.getMe();
  const page = await WatchesService.getWatches(10, undefined, "newest");
  const first: string | null = page.watches[0]?.title ?? null;
  try {
    await WatchesService.postWatches({ url: "not a url" });
  } catch (error) {
    if (error instanceof ApiError) return \`\${me.email} \${page.total} \${first} \${error.status}\`;
  }
  return "accepted";
}
`,
    );
    writeFileSync(
      path.join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          skipLibCheck: true,
        },
        files: ["use.ts"],
      }),
    );
    const tsc = path.join(root, "node_modules", ".bin", "tsc");
    // Throws (with the compiler's messages) when the generated client does not type-check.
    execFileSync(tsc, ["-p", path.join(workDir, "tsconfig.json")], { encoding: "utf8" });

    const person = await createPerson(testApp.request);
    const client = (await import(path.join(clientDir, "index.ts"))) as {
      OpenAPI: { BASE: string; TOKEN?: string };
    };
    client.OpenAPI.BASE = `${served.origin}/api/v1`;
    client.OpenAPI.TOKEN = person.token;
    const { use } = (await import(path.join(workDir, "use.ts"))) as { use: () => Promise<string> };
    expect(await use()).toBe(`${person.email} 0 null 400`);
  });
});
