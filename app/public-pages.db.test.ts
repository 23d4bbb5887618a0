import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { headingText, metaContent, pageDocument } from "../tests/helpers/page-html.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";

/**
 * What the server renders for the public pages and the not-found page: statuses, headings,
 * titles, meta tags and redirects. The real Hono app and the real routes, rendered by Vite's SSR
 * (tests/helpers/page-routes.ts); the browser tests keep only what needs a browser (the theme
 * applied before paint, hydration, clicks).
 */

const database = setupTestDatabase();
const pages = setupPageRoutes();

async function app() {
  return pages.testApp.createTestApp(database.current, { pageHandler: pages.pageHandler });
}

const PUBLIC_PAGES = [
  { path: "/", heading: /Know the moment the/, title: /Dropwave/ },
  { path: "/login", heading: /^Sign in$/, title: /Sign in/ },
  { path: "/register", heading: /^Create your account$/, title: /Create your account/ },
  { path: "/reset", heading: /^Reset your password$/, title: /Reset your password/ },
  {
    path: "/reset/not-a-real-token",
    heading: /^This link no longer works$/,
    title: /new password/,
  },
  { path: "/terms", heading: /^Terms of Service$/, title: /Terms of Service/ },
  { path: "/privacy", heading: /^Privacy Policy$/, title: /Privacy Policy/ },
];

describe("public pages", () => {
  it("render with their heading, title, language and description", async () => {
    const { request } = await app();
    for (const page of PUBLIC_PAGES) {
      const response = await request(page.path, { headers: { accept: "text/html" } });
      expect(response.status, page.path).toBe(200);
      const document = await pageDocument(response);
      expect(headingText(document), page.path).toMatch(page.heading);
      expect(document.title, page.path).toMatch(page.title);
      expect(document.documentElement.lang, page.path).toBe("en");
      expect(metaContent(document, "description"), page.path).toMatch(/.{20,}/);
    }
  });

  it("give the landing page its social preview tags", async () => {
    const { request } = await app();
    const document = await pageDocument(await request("/"));
    expect(metaContent(document, "og:title")).toMatch(/Dropwave/);
    expect(metaContent(document, "og:description")).toMatch(/.{20,}/);
    expect(metaContent(document, "twitter:card")).toBe("summary");
    expect(metaContent(document, "robots")).toBe("index, follow");
  });

  it("answer an unknown path, and /404 itself, with the not-found page and status 404", async () => {
    const { request } = await app();
    for (const path of ["/no/such/page", "/404"]) {
      const response = await request(path, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(404);
      expect(headingText(await pageDocument(response)), path).toBe(`Page Not Found: ${path}`);
    }
  });

  it("give crawlers a bare status instead of the error page", async () => {
    const { request } = await app();
    const response = await request("/missing-for-bots", {
      headers: {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("404 Not Found");
  });

  it("send signed-out visitors of /hub and /user to sign in, with the way back", async () => {
    const { request } = await app();
    for (const path of ["/hub", "/user"]) {
      const response = await request(path, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      );
    }
  });

  it("send signed-in visitors of the guest pages to the hub", async () => {
    const { request } = await app();
    const person = await pages.testApp.createPerson(request);
    for (const path of ["/register", "/reset"]) {
      const response = await request(path, { cookie: person.cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/hub");
    }
  });
});
