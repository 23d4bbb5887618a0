import { data } from "react-router";
import { type AppError, isAppError } from "../../core/errors.ts";
import { type ImportResult, importExportFile } from "../../core/tracking/import-watches.ts";
import { servicesContext } from "../context.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/user-import";

/**
 * POST /user/import (the import form on /user, sent with a fetcher): an export file from this
 * or another Dropwave, imported by core's importExportFile exactly as `POST /api/v1/import` does.
 * Answers { result } or { error } with a 4xx; nothing is half-imported (one transaction).
 */

export const middleware = authGuard("required");

/** Larger than any export of MAX_WATCHES_PER_USER watches with years of history. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export type ImportReply =
  | { result: ImportResult; error?: undefined }
  | { error: string; result?: undefined };

/** What the form says for a refused file: in a person's words, not the API's. */
function formMessage(error: AppError): string {
  if (error.code === "bad_request") {
    return "This file is not JSON. Import a Dropwave export (.json), not the CSV.";
  }
  if (error.code === "validation_failed") {
    const first = error.fields?.[0];
    const where = first?.field ? ` (at ${first.field})` : "";
    return `This file is not a Dropwave export: ${first?.message ?? error.message}${where}.`;
  }
  return error.message;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const reply = (body: ImportReply, status = 200) => data(body, status);
  const file = (await readForm(request)).get("file");
  if (!(file instanceof File) || file.size === 0) {
    return reply({ error: "Choose an export file (.json) to import." }, 400);
  }
  if (file.size > MAX_IMPORT_BYTES) {
    return reply({ error: "This file is larger than 20 MB: split it, or use the API." }, 413);
  }
  try {
    const result = await importExportFile(
      services.database.db,
      {
        userId: viewer.id,
        ...(await services.billing.limitsFor(viewer.id)),
        now: new Date(),
      },
      new Uint8Array(await file.arrayBuffer()),
      { maxPoints: services.env.IMPORT_MAX_POINTS },
    );
    return reply({ result });
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      return reply({ error: formMessage(error) }, error.status);
    }
    throw error;
  }
}
