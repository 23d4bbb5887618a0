import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import type { AppServices } from "../../../app/context.ts";
import { buildContentSecurityPolicy } from "../../security-headers.ts";
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

  // Scalar's page is one static HTML document whose script comes from Scalar's CDN (the package
  // ships no bundle to serve ourselves); only this page names that host in its policy, and its
  // inline configuration script carries this response's nonce. Its web fonts are off, so the
  // CDN script is the only thing fetched from elsewhere, and only when someone opens the page.
  const reference = (c: Context<ApiV1Env>) =>
    Scalar({
      url: `${publicUrl}/api/v1/openapi.json`,
      pageTitle: "Dropwave API reference",
      withDefaultFonts: false,
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
      page.headers.set(
        "content-security-policy",
        buildContentSecurityPolicy({
          nonce: c.get("scope").cspNonce,
          extra: { scriptSrc: [SCALAR_CDN], connectSrc: [SCALAR_CDN] },
        }),
      );
      return page;
    },
  );
}

/** Where Scalar's page loads its script from (DEFAULT_ESM_CDN in @scalar/client-side-rendering). */
export const SCALAR_CDN = "https://cdn.jsdelivr.net";
