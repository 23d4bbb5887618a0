import { z } from "zod";
import type { AnyApiRoute } from "./route.ts";
import { ErrorBody } from "./schemas.ts";

/**
 * The OpenAPI 3.1 description of /api/v1, generated from the routes as registered (route.ts):
 * request bodies from the core input schemas, answers from the response schemas. Zod's own
 * JSON Schema output (draft 2020-12, OpenAPI 3.1's dialect) does the conversion.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ jsonSchema: out }) => {
      // Zod copies a schema's .meta() into its JSON Schema. The forms' own hint (which kind of
      // <input> a channel field is, core/notify/channels.ts) is no JSON Schema keyword: OpenAPI
      // allows it only as an extension, `x-`, which validators and client generators skip.
      const record = out as Record<string, unknown>;
      if ("input" in record) {
        record["x-form-input"] = record.input;
        delete record.input;
      }
    },
  }) as Record<string, unknown>;
  return rest;
}

const ERROR_WORDS: Record<number, string> = {
  400: "Bad input: `fields` names each field and what is wrong with it",
  401: "Not signed in (no session cookie or API token, or a revoked one)",
  403: "Not allowed with these credentials",
  404: "No such resource for this person",
  409: "Conflicts with what exists",
  413: "The body is too large",
  422: "Understood but cannot be done (e.g. the store page could not be read)",
  429: "Too many requests: wait for the time in Retry-After",
  503: "The server cannot do this now",
};

function operationId(route: AnyApiRoute): string {
  const words = route.path
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `by-${part.slice(1)}` : part))
    .join("-")
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [route.method, ...words]
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
}

export function openApiDocument(
  routes: readonly AnyApiRoute[],
  options: { publicUrl: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryShape =
      route.query instanceof z.ZodObject ? (route.query.shape as Record<string, z.ZodType>) : {};
    const queryParams = Object.entries(queryShape).map(([name, schema]) => ({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      ...(schema.description ? { description: schema.description } : {}),
      schema: jsonSchema(schema, "input"),
    }));
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      responses[status] = {
        description: spec.description,
        ...(spec.isBodyless
          ? {}
          : {
              content: {
                [spec.contentType ?? "application/json"]: {
                  schema: spec.schema ? jsonSchema(spec.schema, "output") : { type: "string" },
                },
              },
            }),
      };
    }
    const errors = new Set<number>(route.errors ?? []);
    if (route.body || route.query) errors.add(400);
    if (!route.isPublic) errors.add(401).add(429);
    if (!route.isPublic && !route.isForExtension) errors.add(403);
    if (pathParams.length > 0) errors.add(404);
    for (const status of [...errors].sort()) {
      responses[String(status)] = {
        description: ERROR_WORDS[status] ?? "An error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: operationId(route),
      summary: route.summary,
      ...(route.description || route.isForExtension
        ? {
            description: [
              route.description,
              route.isForExtension ? "Open to `extension`-scoped tokens." : undefined,
            ]
              .filter(Boolean)
              .join(" "),
          }
        : {}),
      tags: [route.tag],
      ...(route.isPublic ? { security: [] } : {}),
      ...(pathParams.length + queryParams.length > 0
        ? { parameters: [...pathParams, ...queryParams] }
        : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Dropwave API",
      version: options.version,
      license: { name: "MIT", identifier: "MIT" },
      description:
        "Track product prices. Authenticate with the browser's session cookie or a personal API token (`Authorization: Bearer dw_…`) created on /user. Money is `{ amountMinor, currency }`: integer minor units and an ISO 4217 code. Every error is `{ error: { code, message, fields? } }`; the same field messages are shown by the web pages' forms.",
    },
    servers: [{ url: `${options.publicUrl}/api/v1` }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A personal API token from /user." },
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
      },
      schemas: { Error: jsonSchema(ErrorBody, "output") },
    },
    paths,
  };
}
