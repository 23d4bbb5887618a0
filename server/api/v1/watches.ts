import type { AppServices } from "../../../app/context.ts";
import { readingCountry } from "../../../core/accounts/country.ts";
import { describeRuleStatus } from "../../../core/checks/describe-rule-status.ts";
import { AppError } from "../../../core/errors.ts";
import { CreateWatchInput } from "../../../core/tracking/create-watch.ts";
import { exportToCsv, exportWatches, WatchExport } from "../../../core/tracking/export-watches.ts";
import { importExportFile } from "../../../core/tracking/import-watches.ts";
import { PreviewInput, previewProduct } from "../../../core/tracking/preview-product.ts";
import { startTracking } from "../../../core/tracking/start-tracking.ts";
import { deleteWatch, UpdateWatchInput, updateWatch } from "../../../core/tracking/update-watch.ts";
import { getWatchHistory } from "../../../core/tracking/watch-history.ts";
import { listWatchPage, WatchPageQuery } from "../../../core/tracking/watch-page.ts";
import { getWatch } from "../../../core/tracking/watch-view.ts";
import { type ApiRouter, idParam } from "./route.ts";
import {
  CheckQueued,
  ExportQuery,
  ImportResult,
  PreviewBody,
  WatchBody,
  WatchCreated,
  WatchHistory,
  WatchPage,
  WatchUpdated,
} from "./schemas.ts";
import { watchCreateContext, watchUpdateContext } from "./watch-context.ts";

const tag = "Watches";

/** Tracking routes of /api/v1: preview, watches, history, check now, export and import. */
export function mountWatchRoutes(
  api: ApiRouter,
  services: AppServices,
  options: WatchRouteOptions = {},
): void {
  const context: WatchRouteContext = {
    services,
    options,
    db: services.database.db,
    notFound: () => new AppError("not_found", "No such watch."),
  };
  mountPreviewAndCreateRoutes(api, context);
  mountOwnWatchRoutes(api, context);
  mountExportImportRoutes(api, context);
}

type WatchRouteOptions = { checkNow?: (userId: string, watchId: string) => Promise<unknown> };

type WatchRouteContext = {
  services: AppServices;
  options: WatchRouteOptions;
  db: AppServices["database"]["db"];
  notFound: () => AppError;
};

/** Reading a page, and starting to track it. */
function mountPreviewAndCreateRoutes(api: ApiRouter, context: WatchRouteContext): void {
  const { db, services } = context;
  api.add(
    {
      method: "post",
      path: "/preview",
      tag,
      summary: "Read a product page without tracking it",
      description: "A link without a scheme (www.store.com/p/1) is read as https.",
      body: PreviewInput,
      responses: { 200: { description: "What Dropwave reads on the page", schema: PreviewBody } },
      errors: [422],
    },
    async (c, { body }) => {
      const input = await body();
      const outcome = await previewProduct(
        services.recentPages.recording(c.get("auth").user.id),
        input.url,
        {
          acceptLanguage: c.req.header("accept-language"),
          country: await readingCountry(db, c.get("auth").user.id, c.req.header("accept-language")),
          preferredCandidateKey: input.candidateKey,
          signal: c.req.raw.signal,
          extract: services.extract,
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
    },
  );

  api.add(
    {
      method: "post",
      path: "/watches",
      tag,
      summary: "Start tracking a product",
      body: CreateWatchInput,
      responses: {
        201: {
          description: "The watch, and whether its rule is already met",
          schema: WatchCreated,
        },
      },
      errors: [409, 422],
    },
    async (c, { body }) => {
      const input = await body();
      const { watch, ruleStatus } = await startTracking(
        {
          db,
          fetcher: services.recentPages.reusing(c.get("auth").user.id),
          extract: services.extract,
        },
        await watchCreateContext(services, c.get("auth").user.id),
        input,
        {
          acceptLanguage: c.req.header("accept-language"),
          country: await readingCountry(db, c.get("auth").user.id, c.req.header("accept-language")),
        },
      );
      return c.json({ watch, ruleStatus }, 201);
    },
  );
}

/** The person's watches: the list, one watch, its changes, its history, a check now. */
function mountOwnWatchRoutes(api: ApiRouter, context: WatchRouteContext): void {
  const { db, notFound, options, services } = context;
  api.add(
    {
      method: "get",
      path: "/watches",
      tag,
      summary: "Tracked products, a page at a time: sorted, searched, cursor-paginated and lean",
      description:
        "Pass the answer's `nextCursor` as `cursor` for the next page (null on the last). `q` searches title and store.",
      query: WatchPageQuery,
      responses: { 200: { description: "One page of the caller's watches", schema: WatchPage } },
    },
    async (c, { query }) => {
      const page = await listWatchPage(db, c.get("auth").user.id, query);
      return c.json({ watches: page.items, nextCursor: page.nextCursor, total: page.total });
    },
  );

  api.add(
    {
      method: "get",
      path: "/watches/:id",
      tag,
      summary: "One tracked product",
      responses: { 200: { description: "The watch", schema: WatchBody } },
    },
    async (c) => {
      const watch = await getWatch(db, c.get("auth").user.id, idParam(c));
      if (!watch) throw notFound();
      return c.json({ watch });
    },
  );

  api.add(
    {
      method: "patch",
      path: "/watches/:id",
      tag,
      summary: "Change a watch's rule, interval, pause or chosen price",
      description:
        "A target must be in the product's currency. With a new rule, `ruleStatus` says whether the price already meets it.",
      body: UpdateWatchInput,
      responses: { 200: { description: "The watch as changed", schema: WatchUpdated } },
    },
    async (c, { body }) => {
      const input = await body();
      const watch = await updateWatch(
        db,
        await watchUpdateContext(services, c.get("auth").user.id),
        idParam(c),
        input,
      );
      return c.json(input.rule ? { watch, ruleStatus: describeRuleStatus(watch) } : { watch });
    },
  );

  api.add(
    {
      method: "delete",
      path: "/watches/:id",
      tag,
      summary: "Stop tracking a product",
      responses: { 204: { description: "Stopped", isBodyless: true } },
    },
    async (c) => {
      await deleteWatch(db, c.get("auth").user.id, idParam(c));
      return c.body(null, 204);
    },
  );

  api.add(
    {
      method: "get",
      path: "/watches/:id/history",
      tag,
      summary: "Price and availability history, with lowest, highest and average",
      responses: { 200: { description: "The history", schema: WatchHistory } },
    },
    async (c) => c.json(await getWatchHistory(db, c.get("auth").user.id, idParam(c), new Date())),
  );

  api.add(
    {
      method: "post",
      path: "/watches/:id/check",
      tag,
      summary: "Check now, ahead of the schedule",
      responses: { 202: { description: "Queued", schema: CheckQueued } },
      errors: [503],
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      const watch = await getWatch(db, userId, idParam(c));
      if (!watch) throw notFound();
      if (!options.checkNow)
        throw new AppError("unavailable", "Checks are not running on this server.");
      await options.checkNow(userId, watch.id);
      return c.json({ status: "queued" as const, watchId: watch.id }, 202);
    },
  );
}

/** Export and import of the person's watches. */
function mountExportImportRoutes(api: ApiRouter, context: WatchRouteContext): void {
  const { db, services } = context;
  api.add(
    {
      method: "get",
      path: "/export",
      tag: "Export and import",
      summary: "Everything tracked, with history (JSON, or CSV with ?format=csv)",
      query: ExportQuery,
      responses: {
        200: {
          description: "The export file (the JSON is accepted by import)",
          schema: WatchExport,
        },
      },
    },
    async (c, { query }) => {
      const data = await exportWatches(db, c.get("auth").user.id, new Date());
      const stamp = data.exportedAt.slice(0, 10);
      if (query.format === "csv") {
        return c.body(exportToCsv(data), 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="dropwave-${stamp}.csv"`,
        });
      }
      c.header("content-disposition", `attachment; filename="dropwave-${stamp}.json"`);
      return c.json(data);
    },
  );

  api.add(
    {
      method: "post",
      path: "/import",
      tag: "Export and import",
      summary: "Import an export file: all of it, or nothing",
      body: WatchExport,
      responses: { 200: { description: "What was imported and skipped", schema: ImportResult } },
      errors: [413, 422, 429],
    },
    async (c) => {
      // The body is read, parsed and validated off the event loop (WatchExport, on a thread).
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const result = await importExportFile(
        db,
        await watchCreateContext(services, c.get("auth").user.id),
        bytes,
        { maxPoints: services.env.IMPORT_MAX_POINTS },
      );
      return c.json(result);
    },
  );
}
