import { data } from "react-router";
import { AppError } from "../../core/errors.ts";
import { previewProduct } from "../../core/tracking/preview-product.ts";
import { startTracking } from "../../core/tracking/start-tracking.ts";
import { deleteWatch, updateWatch } from "../../core/tracking/update-watch.ts";
import { listWatches } from "../../core/tracking/watch-view.ts";
import {
  AddProduct,
  type CreateActionData,
  type PreviewActionData,
} from "../components/hub/add-product.tsx";
import { EmptyState, WatchList } from "../components/hub/watch-list.tsx";
import { SendTestAlert } from "../components/send-test-alert.tsx";
import { servicesContext, viewerContext } from "../context.ts";
import { authGuard } from "../lib/guard.server.ts";
import { parseCreateForm } from "../lib/hub-forms.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/hub";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Your hub", "Your tracked products, their prices and your alerts.");

function requireViewer(context: Route.LoaderArgs["context"]) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  return viewer;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const url = new URL(request.url).searchParams.get("url");
  return {
    viewer,
    watches: await listWatches(services.database.db, viewer.id),
    initialUrl: url && url.length <= 4_000 ? url : null,
    minIntervalMinutes: services.env.MIN_CHECK_INTERVAL_MINUTES,
    publicUrl: services.publicEnv.publicUrl,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const db = services.database.db;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const now = new Date();

  if (intent === "preview") {
    const url = String(form.get("url") ?? "").trim();
    const outcome = await previewProduct(services.recentPages.recording(viewer.id), url, {
      acceptLanguage: request.headers.get("accept-language") ?? undefined,
      signal: request.signal,
    });
    return { intent: "preview", url, outcome } satisfies PreviewActionData;
  }

  if (intent === "create") {
    const parsed = parseCreateForm(form);
    if (!parsed.ok) {
      return data({ intent: "create", ok: false, error: parsed } satisfies CreateActionData, 400);
    }
    try {
      const { watch, ruleStatus } = await startTracking(
        { db, fetcher: services.recentPages.reusing(viewer.id) },
        {
          userId: viewer.id,
          maxWatches: services.env.MAX_WATCHES_PER_USER,
          minIntervalMinutes: services.env.MIN_CHECK_INTERVAL_MINUTES,
          now,
        },
        parsed.value,
        { acceptLanguage: request.headers.get("accept-language") ?? undefined },
      );
      return {
        intent: "create",
        ok: true,
        watchId: watch.id,
        title: watch.title,
        ruleMessage: ruleStatus.message,
      } satisfies CreateActionData;
    } catch (error) {
      if (error instanceof AppError) {
        const field = error.fields?.[0]?.field ?? "url";
        return data(
          {
            intent: "create",
            ok: false,
            error: { field, message: error.message },
          } satisfies CreateActionData,
          error.status,
        );
      }
      throw error;
    }
  }

  const watchId = String(form.get("watchId") ?? "");
  if (intent === "pause" || intent === "resume") {
    await updateWatch(
      db,
      { userId: viewer.id, minIntervalMinutes: services.env.MIN_CHECK_INTERVAL_MINUTES, now },
      watchId,
      { isPaused: intent === "pause" },
    );
    return { intent };
  }
  if (intent === "delete") {
    try {
      await deleteWatch(db, viewer.id, watchId);
    } catch (error) {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
    }
    return { intent };
  }
  throw data("Unknown action", { status: 400 });
}

export default function Hub({ loaderData }: Route.ComponentProps) {
  const { watches, initialUrl, minIntervalMinutes, publicUrl } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-6 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold">Your hub</h1>
          <p className="mt-1 text-muted">Signed in as {loaderData.viewer.email}.</p>
        </div>
        <SendTestAlert />
      </div>
      <AddProduct initialUrl={initialUrl} minIntervalMinutes={minIntervalMinutes} />
      {watches.length === 0 ? (
        <EmptyState publicUrl={publicUrl} />
      ) : (
        <WatchList watches={watches} />
      )}
    </div>
  );
}
