import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import { parseInput } from "../../core/input.ts";

/**
 * The request's JSON body, parsed with the core schema of the function it goes to: a 400
 * naming each bad field (the same messages the page forms show), or the typed value.
 */
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
  return parseInput(schema, raw);
}

/** The request's query string, validated like a body: a 400 naming each bad field. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseInput(schema, c.req.query());
}
