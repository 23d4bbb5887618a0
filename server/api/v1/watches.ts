import type { Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppServices } from "../../../app/context.ts";
import { AppError } from "../../../core/errors.ts";
import { formatMoney } from "../../../core/money/index.ts";
import { CreateWatchInput } from "../../../core/tracking/create-watch.ts";
import { exportToCsv, exportWatches, WatchExport } from "../../../core/tracking/export-watches.ts";
import { importWatches } from "../../../core/tracking/import-watches.ts";
import { previewProduct } from "../../../core/tracking/preview-product.ts";
import { startTracking } from "../../../core/tracking/start-tracking.ts";
import { deleteWatch, UpdateWatchInput, updateWatch } from "../../../core/tracking/update-watch.ts";
import { getWatchHistory } from "../../../core/tracking/watch-history.ts";
import { getWatch, listWatches } from "../../../core/tracking/watch-view.ts";
import { parseJsonBody } from "../validate.ts";
import type { ApiV1Env } from "./require-user.ts";

export const PreviewInput = z.object({
  url: z.string().trim().min(1, "Send the product's URL.").max(4_000, "That URL is too long."),
  candidateKey: z.string().max(500).optional(),
});

/** Tracking routes of /api/v1: preview, watches, history, check now, export and import. */
export function mountWatchRoutes(
  v1: Hono<ApiV1Env>,
  services: AppServices,
  signedIn: MiddlewareHandler<ApiV1Env>,
  options: { checkNow?: (userId: string, watchId: string) => Promise<unknown> } = {},
): void {
  const db = services.database.db;
  const limits = () => ({
    maxWatches: services.env.MAX_WATCHES_PER_USER,
    minIntervalMinutes: services.env.MIN_CHECK_INTERVAL_MINUTES,
  });
  const notFound = () => new AppError("not_found", "No such watch.");

  v1.post("/preview", signedIn, async (c) => {
    const input = await parseJsonBody(c, PreviewInput);
    const outcome = await previewProduct(
      services.recentPages.recording(c.get("auth").user.id),
      input.url,
      {
        acceptLanguage: c.req.header("accept-language"),
        preferredCandidateKey: input.candidateKey,
        signal: c.req.raw.signal,
      },
    );
    if (outcome.kind === "failed") {
      throw new AppError("unprocessable", outcome.message, {
        details: {
          outcome: outcome.code,
          ...(outcome.retryAfterMs ? { retryAfterMs: outcome.retryAfterMs } : {}),
        },
      });
    }
    return c.json({ product: outcome.preview });
  });

  v1.get("/watches", signedIn, async (c) => {
    return c.json({ watches: await listWatches(db, c.get("auth").user.id) });
  });

  v1.post("/watches", signedIn, async (c) => {
    const input = await parseJsonBody(c, CreateWatchInput);
    const { watch, ruleStatus } = await startTracking(
      { db, fetcher: services.recentPages.reusing(c.get("auth").user.id) },
      { userId: c.get("auth").user.id, ...limits(), now: new Date() },
      input,
      { acceptLanguage: c.req.header("accept-language") },
    );
    return c.json({ watch, ruleStatus }, 201);
  });

  v1.get("/watches/:id", signedIn, async (c) => {
    const watch = await getWatch(db, c.get("auth").user.id, c.req.param("id"));
    if (!watch) throw notFound();
    return c.json({ watch });
  });

  v1.patch("/watches/:id", signedIn, async (c) => {
    const input = await parseJsonBody(c, UpdateWatchInput);
    const watch = await updateWatch(
      db,
      {
        userId: c.get("auth").user.id,
        minIntervalMinutes: limits().minIntervalMinutes,
        now: new Date(),
      },
      c.req.param("id"),
      input,
    );
    return c.json({ watch });
  });

  v1.delete("/watches/:id", signedIn, async (c) => {
    await deleteWatch(db, c.get("auth").user.id, c.req.param("id"));
    return c.body(null, 204);
  });

  v1.get("/watches/:id/history", signedIn, async (c) => {
    return c.json(await getWatchHistory(db, c.get("auth").user.id, c.req.param("id"), new Date()));
  });

  v1.post("/watches/:id/check", signedIn, async (c) => {
    const userId = c.get("auth").user.id;
    const watch = await getWatch(db, userId, c.req.param("id"));
    if (!watch) throw notFound();
    if (!options.checkNow)
      throw new AppError("unavailable", "Checks are not running on this server.");
    await options.checkNow(userId, watch.id);
    return c.json({ status: "queued", watchId: watch.id }, 202);
  });

  v1.get("/export", signedIn, async (c) => {
    const data = await exportWatches(db, c.get("auth").user.id, new Date());
    const stamp = data.exportedAt.slice(0, 10);
    if (c.req.query("format") === "csv") {
      return c.body(exportToCsv(data, formatMoney), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="dropwave-${stamp}.csv"`,
      });
    }
    c.header("content-disposition", `attachment; filename="dropwave-${stamp}.json"`);
    return c.json(data);
  });

  v1.post("/import", signedIn, async (c) => {
    const data = await parseJsonBody(c, WatchExport);
    const result = await importWatches(
      db,
      { userId: c.get("auth").user.id, ...limits(), now: new Date() },
      data,
    );
    return c.json(result);
  });
}
