import type { Context, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { AppError } from "../../../core/errors.ts";
import { isUuid, parseInput } from "../../../core/input.ts";
import { parseJsonBody } from "../validate.ts";
import type { ApiV1Env } from "./require-user.ts";

/**
 * One /api/v1 route: what it takes and what it answers, as Zod schemas. The same object
 * registers the handler (body and query parsed with these schemas) and writes the route into
 * the OpenAPI document (openapi.ts), so the description and the code cannot part ways.
 * A new route is one `api.add({ … }, handler)` call; see watches.ts for examples.
 */
export type ApiRoute<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined> = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Hono's form ("/watches/:id"); the document shows "/watches/{id}". */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Open without credentials (only the API's own description). Default: signed in. */
  isPublic?: boolean;
  /**
   * Open to tokens of the "extension" scope too (the browser extension's few routes). Every
   * other route refuses such a token with 403.
   */
  isForExtension?: boolean;
  /** The JSON body: a core input schema. */
  body?: Body;
  /** Query parameters: an object of optional strings. */
  query?: Query;
  /** Success answers by status: the JSON body's schema, another content type, or none (204). */
  responses: Record<
    number,
    { description: string; schema?: z.ZodType; contentType?: string; isBodyless?: boolean }
  >;
  /** Error statuses this route can answer besides the usual ones (e.g. 409, 422, 503). */
  errors?: number[];
};

export type AnyApiRoute = ApiRoute<z.ZodType | undefined, z.ZodType | undefined>;

type Parsed<T> = T extends z.ZodType ? z.infer<T> : undefined;

export type RouteInput<Body, Query> = {
  /** Parses the body when called: a handler may first answer 404 for an id it does not own. */
  body: () => Promise<Parsed<Body>>;
  query: Parsed<Query>;
};

export type RouteHandler<Body, Query> = (
  c: Context<ApiV1Env>,
  input: RouteInput<Body, Query>,
) => Response | Promise<Response>;

export type ApiRouterOptions = {
  signedIn: MiddlewareHandler<ApiV1Env>;
  /** Check each answer against its route's schema and fail loudly if it differs (tests). */
  isCheckingResponses: boolean;
};

export class ApiRouter {
  readonly routes: AnyApiRoute[] = [];
  readonly app: Hono<ApiV1Env>;
  readonly options: ApiRouterOptions;

  constructor(app: Hono<ApiV1Env>, options: ApiRouterOptions) {
    this.app = app;
    this.options = options;
  }

  add<
    Body extends z.ZodType | undefined = undefined,
    Query extends z.ZodType | undefined = undefined,
  >(route: ApiRoute<Body, Query>, handler: RouteHandler<Body, Query>): void {
    this.routes.push(route as AnyApiRoute);
    const run = async (c: Context<ApiV1Env>) => {
      const auth = route.isPublic ? undefined : c.get("auth");
      if (auth?.method === "token" && auth.scope === "extension" && !route.isForExtension) {
        throw new AppError(
          "forbidden",
          "This token is for the browser extension only; create a full token on /user for scripts.",
        );
      }
      const input: RouteInput<Body, Query> = {
        body: async () =>
          (route.body ? await parseJsonBody(c, route.body) : undefined) as Parsed<Body>,
        query: (route.query ? parseInput(route.query, c.req.query()) : undefined) as Parsed<Query>,
      };
      const response = await handler(c, input);
      if (this.options.isCheckingResponses) await checkResponse(route as AnyApiRoute, response);
      return response;
    };
    const method = route.method.toUpperCase();
    if (route.isPublic) this.app.on(method, route.path, run);
    else this.app.on(method, route.path, this.options.signedIn, run);
  }
}

/** Throws when an answer is not what the route's description says it is. */
export async function checkResponse(route: AnyApiRoute, response: Response): Promise<void> {
  const where = `${route.method.toUpperCase()} ${route.path} → ${response.status}`;
  const spec = route.responses[response.status];
  if (!spec) throw new Error(`${where}: status not in the route's description`);
  if (spec.isBodyless || !spec.schema) return;
  // Another representation of the same route (the export as CSV) is not JSON to check.
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return;
  const result = spec.schema.safeParse(await response.clone().json());
  if (!result.success) {
    throw new Error(`${where}: answer differs from its schema: ${result.error.message}`);
  }
}

/**
 * The `:id` of a route's path (always present: the route would not match without it). Every
 * id is a UUID: anything else names nothing, and is answered 404 here, before it reaches a
 * query (a NUL or a word there failed the SQL with a 500, #35 items 11 and 12).
 */
export function idParam(c: Context<ApiV1Env>): string {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw new AppError("not_found", "Nothing of yours has that id.");
  return id;
}
