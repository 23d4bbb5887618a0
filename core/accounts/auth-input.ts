import { z } from "zod";
import { fieldIssues, refuseUnstorableStrings, storedText } from "../input.ts";

/**
 * What Dropwave checks of a body before better-auth reads it (better-auth validates less than
 * our own schemas: a NUL in a name or a reset token, or `"name": null`, reached the database and
 * answered 500, #35 items 11 and 12). Every auth body: no string anywhere that cannot be stored.
 * Some paths: their fields' types.
 */
const AnyAuthBody = z.unknown().superRefine(refuseUnstorableStrings);

/**
 * Where better-auth sends the browser next (written into a Location header): a path of this
 * site, or an address under PUBLIC_URL. A broken one answered 500 and another site's was
 * followed after a failed email verification (found by the route walk, #35).
 */
function redirectsFor(publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, "");
  const redirectField = z
    .string()
    .max(2_000)
    .regex(/^[\x21-\x7e]*$/, "Enter a plain address (letters, digits and URL signs only).")
    .refine(
      (value) =>
        (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) ||
        value === origin ||
        value.startsWith(`${origin}/`),
      "Only an address on this site is allowed here.",
    )
    .optional();
  return z.looseObject({
    callbackURL: redirectField,
    errorCallbackURL: redirectField,
    newUserCallbackURL: redirectField,
    redirectTo: redirectField,
  });
}

const BODY_BY_PATH: Record<string, z.ZodType> = {
  "/update-user": z.looseObject({
    name: storedText({ label: "The name" }).trim().min(1).max(100).optional(),
    image: storedText({ label: "The picture" }).max(2_000).nullable().optional(),
  }),
};

/** The first problem with an auth request's body or query, in words, or null when it may go on. */
export function authInputChecks(publicUrl: string) {
  const redirects = redirectsFor(publicUrl);
  const firstProblem = (checks: z.ZodType[], value: unknown, fallback: string) => {
    for (const check of checks) {
      const result = check.safeParse(value);
      if (!result.success) {
        const [issue] = fieldIssues(result.error);
        return issue ? `${issue.field}: ${issue.message}` : fallback;
      }
    }
    return null;
  };
  const isObject = (value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  return {
    body(path: string, body: unknown): string | null {
      const schema = BODY_BY_PATH[path];
      const checks = [
        AnyAuthBody,
        ...(isObject(body) ? [redirects] : []),
        ...(schema ? [schema] : []),
      ];
      return firstProblem(checks, body, "Check the fields.");
    },
    query(query: unknown): string | null {
      if (!isObject(query)) return null;
      return firstProblem([AnyAuthBody, redirects], query, "Check the query.");
    },
  };
}
