import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import type { AppServices } from "../../../app/context.ts";
import { openApiDocument } from "./openapi.ts";
import type { ApiV1Env } from "./require-user.ts";
import type { ApiRouter } from "./route.ts";

/**
 * The API's own description, public like any API documentation: the OpenAPI document
 * generated from the registered routes, and an interactive reference page (Scalar) that
 * reads it. Scalar's script is loaded by that one page only; the app's pages never load it.
 */
export function mountDocsRoutes(api: ApiRouter, services: AppServices): void {
  const publicUrl = services.publicEnv.publicUrl;
  const tag = "Documentation";
  let document: ReturnType<typeof openApiDocument> | null = null;

  api.add(
    {
      method: "get",
      path: "/openapi.json",
      tag,
      isPublic: true,
      summary: "This description (OpenAPI 3.1)",
      responses: { 200: { description: "The OpenAPI document" } },
    },
    (c) => {
      // Built once, on first request, when every route has been added.
      document ??= openApiDocument(api.routes, { publicUrl, version: services.version });
      return c.json(document);
    },
  );

  // Scalar's page is one static HTML document; its script is Scalar's single-file bundle served
  // by Dropwave itself from public/vendor/ (decision 0067), so the page loads nothing from
  // elsewhere: its web fonts are off, and the app's own policy ('self' and the nonce) applies.
  const reference = (c: Context<ApiV1Env>) =>
    Scalar({
      url: `${publicUrl}/api/v1/openapi.json`,
      pageTitle: "Dropwave API reference",
      withDefaultFonts: false,
      cdn: SCALAR_BUNDLE.path,
      nonce: c.get("scope").cspNonce,
    })(c as never, async () => {});
  api.add(
    {
      method: "get",
      path: "/docs",
      tag,
      isPublic: true,
      summary: "The interactive API reference (a web page)",
      responses: { 200: { description: "An HTML page", contentType: "text/html" } },
    },
    async (c) => {
      const page = await reference(c);
      if (!page) return c.notFound();
      return page;
    },
  );
}

/**
 * Scalar's browser bundle as vendored by scripts/vendor-api-reference.sh (the file
 * dist/browser/standalone.js of the npm package @scalar/api-reference, MIT), and its SHA-256:
 * a test checks the file in public/ is exactly this one.
 */
export const SCALAR_BUNDLE = {
  version: "1.72.1",
  path: "/vendor/scalar-api-reference-1.72.1.js",
  sha256: "bf091006bdc3af6067af77c2f534812e3e633e94a94e87138069f570f33b762c",
} as const;
