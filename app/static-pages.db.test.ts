import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";

/**
 * The pages that work as plain HTML (app/lib/hydration.ts) are served without React Router's
 * scripts: the real Hono app and the real routes, rendered by Vite's SSR as in `npm run dev`
 * (one module graph, so the routes and the app share their contexts).
 */

const database = setupTestDatabase();
const pages = setupPageRoutes();

const STATIC_PAGES = [
  "/",
  "/login",
  "/register",
  "/reset",
  "/reset/no-such-token",
  "/terms",
  "/privacy",
];

async function app(env: Record<string, string> = {}) {
  return pages.testApp.createTestApp(database.current, { pageHandler: pages.pageHandler, env });
}

/** What makes a page hydrate: React Router's module scripts, preloads and data. */
function hydrationMarks(html: string): string[] {
  const marks: string[] = [];
  if (/<script[^>]*type="module"/.test(html)) marks.push("module script");
  if (/rel="modulepreload"/.test(html)) marks.push("modulepreload");
  if (html.includes("__reactRouterContext")) marks.push("router context");
  if (/<script[^>]*\ssrc=/.test(html)) marks.push("script src");
  return marks;
}

describe("pages without client code", () => {
  it("are sent signed out with no module script, no preload, and a nonced theme switch", async () => {
    const { request } = await app();
    for (const path of STATIC_PAGES) {
      const response = await request(path, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(hydrationMarks(html), path).toEqual([]);
      // The theme switch is there, and every inline script carries this response's nonce.
      expect(html, path).toContain("data-theme-switch");
      const nonce = /'nonce-([^']+)'/.exec(
        response.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce, path).toBeTruthy();
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
      // The theme before paint, the theme switch, and the notice shown when the page was
      // opened under another address than PUBLIC_URL (#39 item 1): nothing else.
      expect(scripts.length, path).toBe(3);
      expect(html, path).toContain('getElementById("dw-wrong-origin")');
      for (const attributes of scripts) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("still hydrate pages that need code: the 404 page, anything signed in", async () => {
    const { request } = await app();
    const missing = await request("/no/such/page", { headers: { accept: "text/html" } });
    expect(missing.status).toBe(404);
    expect(hydrationMarks(await missing.text())).toContain("module script");
    const person = await pages.testApp.createPerson(request);
    for (const path of ["/", "/login", "/terms", "/privacy"]) {
      const html = await (await request(path, { cookie: person.cookie })).text();
      expect(hydrationMarks(html), path).toEqual(
        expect.arrayContaining(["module script", "router context"]),
      );
    }
  });

  it("hydrate every page when the operator turned on browser analytics", async () => {
    const settings: Record<string, string>[] = [
      { ANALYTICS_HOST: "https://stats.example", ANALYTICS_WEBSITE_ID: "site-1" },
      { POSTHOG_KEY: "phc_test", POSTHOG_HOST: "https://eu.posthog.example" },
    ];
    for (const env of settings) {
      const { request } = await app(env);
      for (const path of ["/", "/login"]) {
        const html = await (await request(path)).text();
        expect(hydrationMarks(html), `${path} ${Object.keys(env)[0]}`).toContain("module script");
      }
    }
  });

  it("answer a form post with the server's error and keep the way back, still static", async () => {
    const { request } = await app();
    const response = await request("/login?redirect=%2Fuser", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      rawBody: "email=nobody%40example.test&password=not+the+password&redirect=%2Fuser",
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("That email and password do not match an account.");
    expect(html).toContain('action="/login?redirect=%2Fuser"');
    expect(html).toMatch(/name="redirect" value="\/user"/);
    // What was typed comes back, for a page that is a new document after the post.
    expect(html).toContain('value="nobody@example.test"');
    expect(hydrationMarks(html)).toEqual([]);
  });

  it("show a flash message in the page itself, and clear it", async () => {
    const { request } = await app();
    const flash = encodeURIComponent(
      JSON.stringify({ kind: "success", message: "Your account and its data were deleted." }),
    );
    const response = await request("/", { headers: { cookie: `dw_flash=${flash}` } });
    const html = await response.text();
    expect(html).toMatch(/role="status"[^>]*>Your account and its data were deleted\./);
    expect(response.headers.get("set-cookie")).toContain("dw_flash=;");
    expect(hydrationMarks(html)).toEqual([]);
  });
});
