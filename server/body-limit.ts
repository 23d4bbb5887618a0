import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../core/errors.ts";
import type { HonoEnv } from "./http.ts";

/** JSON bodies and forms, pages and /api/auth included. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths that take a larger body (the watch import). */
const LARGE_BODY_PATHS = new Set(["/api/v1/import"]);

/**
 * Caps every request body before anything reads it: a declared Content-Length over the
 * limit is refused at once, and a chunked body is counted as it arrives and refused the
 * moment it passes the limit, so an oversized body is never read in full. Answers 413 in the
 * API's error shape.
 */
export function limitRequestBodies(options: {
  importMaxBytes: number;
}): MiddlewareHandler<HonoEnv> {
  const tooLarge = (maxBytes: number) => () => {
    const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    throw new AppError("payload_too_large", `The request body is larger than ${mb} MB.`);
  };
  const standard = bodyLimit({
    maxSize: DEFAULT_BODY_LIMIT_BYTES,
    onError: tooLarge(DEFAULT_BODY_LIMIT_BYTES),
  });
  const large = bodyLimit({
    maxSize: options.importMaxBytes,
    onError: tooLarge(options.importMaxBytes),
  });
  return (c, next) => (LARGE_BODY_PATHS.has(c.req.path) ? large(c, next) : standard(c, next));
}
