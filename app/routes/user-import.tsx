import { data } from "react-router";
import { isAppError } from "../../core/errors.ts";
import { WatchExport } from "../../core/tracking/export-watches.ts";
import { type ImportResult, importWatches } from "../../core/tracking/import-watches.ts";
import { servicesContext, viewerContext } from "../context.ts";
import { authGuard } from "../lib/guard.server.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/user-import";

/**
 * POST /user/import (the import form on /user, sent with a fetcher): an export file from this
 * or another Dropwave, imported by core's importWatches exactly as `POST /api/v1/import` does.
 * Answers { result } or { error } with a 4xx; nothing is half-imported (one transaction).
 */

export const middleware = authGuard("required");

/** Larger than any export of MAX_WATCHES_PER_USER watches with years of history. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export type ImportReply =
  | { result: ImportResult; error?: undefined }
  | { error: string; result?: undefined };

function zodMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  if (!first) return "This file is not a Dropwave export.";
  const where = first.path.length > 0 ? ` (at ${first.path.map(String).join(".")})` : "";
  return `This file is not a Dropwave export: ${first.message}${where}.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  const services = context.get(servicesContext);
  const reply = (body: ImportReply, status = 200) => data(body, status);
  const file = (await readForm(request)).get("file");
  if (!(file instanceof File) || file.size === 0) {
    return reply({ error: "Choose an export file (.json) to import." }, 400);
  }
  if (file.size > MAX_IMPORT_BYTES) {
    return reply({ error: "This file is larger than 20 MB: split it, or use the API." }, 413);
  }
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return reply(
      { error: "This file is not JSON. Import a Dropwave export (.json), not the CSV." },
      400,
    );
  }
  const parsed = WatchExport.safeParse(json);
  if (!parsed.success) return reply({ error: zodMessage(parsed.error) }, 400);
  try {
    const result = await importWatches(
      services.database.db,
      {
        userId: viewer.id,
        ...(await services.billing.limitsFor(viewer.id)),
        now: new Date(),
      },
      parsed.data,
    );
    return reply({ result });
  } catch (error) {
    if (isAppError(error) && error.status < 500)
      return reply({ error: error.message }, error.status);
    throw error;
  }
}
