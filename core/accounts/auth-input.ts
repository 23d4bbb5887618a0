import { z } from "zod";
import { fieldIssues, refuseUnstorableStrings, storedText } from "../input.ts";

/**
 * What Dropwave checks of a body before better-auth reads it (better-auth validates less than
 * our own schemas: a NUL in a name or a reset token, or `"name": null`, reached the database and
 * answered 500, #35 items 11 and 12). Every auth body: no string anywhere that cannot be stored.
 * Some paths: their fields' types.
 */
const AnyAuthBody = z.unknown().superRefine(refuseUnstorableStrings);

const BODY_BY_PATH: Record<string, z.ZodType> = {
  "/update-user": z.looseObject({
    name: storedText({ label: "The name" }).trim().min(1).max(100).optional(),
    image: storedText({ label: "The picture" }).max(2_000).nullable().optional(),
  }),
};

/** The first problem with an auth request's body, in words, or null when it may go on. */
export function refusedAuthBody(path: string, body: unknown): string | null {
  const schema = BODY_BY_PATH[path];
  for (const check of schema ? [AnyAuthBody, schema] : [AnyAuthBody]) {
    const result = check.safeParse(body);
    if (!result.success) {
      const [issue] = fieldIssues(result.error);
      return issue ? `${issue.field}: ${issue.message}` : "Check the fields.";
    }
  }
  return null;
}
