import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";

/** The request's JSON body, validated: a 400 naming each bad field, or the typed value. */
export async function parseJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("bad_request", "The body must be JSON.");
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
  throw new AppError("validation_failed", fields[0]?.message ?? "Check the fields.", { fields });
}
