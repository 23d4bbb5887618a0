import { Scalar } from "@scalar/hono-api-reference";
import type { AppServices } from "../../../app/context.ts";
import { openApiDocument } from "./openapi.ts";
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

  const reference = Scalar({
    url: `${publicUrl}/api/v1/openapi.json`,
    pageTitle: "Dropwave API reference",
  });
  api.add(
    {
      method: "get",
      path: "/docs",
      tag,
      isPublic: true,
      summary: "The interactive API reference (a web page)",
      responses: { 200: { description: "An HTML page", contentType: "text/html" } },
    },
    async (c) => (await reference(c as never, async () => {})) ?? c.notFound(),
  );
}
