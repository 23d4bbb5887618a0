import { memo } from "react";
import { data, Link } from "react-router";
import { readingCountry } from "../../core/accounts/country.ts";
import type { Db } from "../../core/db/client.ts";
import { isAppError } from "../../core/errors.ts";
import { PreviewInput, previewProduct } from "../../core/tracking/preview-product.ts";
import { startTracking } from "../../core/tracking/start-tracking.ts";
import { deleteWatch, updateWatch } from "../../core/tracking/update-watch.ts";
import {
  listWatchPage,
  listWatchStores,
  WatchPageQuery,
  watchVerdicts,
} from "../../core/tracking/watch-page.ts";
import { listWatches } from "../../core/tracking/watch-view.ts";
import {
  AddProduct,
  type CreateActionData,
  type PreviewActionData,
} from "../components/hub/add-product.tsx";
import { type ListFilters, listFilterParams } from "../components/hub/card-order.ts";
import { EmptyState, type WatchCardData, WatchList } from "../components/hub/watch-list.tsx";
import { WatchTable } from "../components/hub/watch-table.tsx";
import { SendTestAlert } from "../components/send-test-alert.tsx";
import { servicesContext } from "../context.ts";
import { authGuard, requireViewer } from "../lib/guard.server.ts";
import { formFailure, parseCreateForm } from "../lib/hub-forms.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { readForm } from "../lib/read-form.server.ts";
import type { Route } from "./+types/hub";

export const middleware = authGuard("required");

export const meta: Route.MetaFunction = () =>
  pageMeta("Your hub", "Your tracked products, their prices and your alerts.");

/** Past this many products the hub opens on the dense list rather than the cards. */
const CARDS_UP_TO = 24;

/** The cards' watches, each with its verdict key (decision 0061). */
async function withVerdicts(db: Db, userId: string): Promise<WatchCardData[]> {
  const watches = await listWatches(db, userId);
  const verdicts = await watchVerdicts(
    db,
    watches.map((w) => ({ watchId: w.id, productId: w.productId, price: w.price })),
    new Date(),
  );
  return watches.map((w) => ({ ...w, verdict: verdicts.get(w.id) ?? null }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const url = params.get("url");
  // The list's sort, search and filters: the same schema as GET /api/v1/watches, and the same
  // names as the cards' (show, store), so switching views keeps them; a bad value falls back.
  const parsed = WatchPageQuery.safeParse({
    sort: params.get("sort") ?? undefined,
    q: params.get("q") || undefined,
    show: params.get("show") || undefined,
    store: params.get("store") || undefined,
    verdict: "1",
  });
  const query = parsed.success ? parsed.data : WatchPageQuery.parse({ verdict: "1" });
  const db = services.database.db;
  const page = await listWatchPage(db, viewer.id, query);
  const isFiltered = query.q !== undefined || query.show !== "all" || query.store !== undefined;
  const asked = params.get("view");
  const view: "list" | "cards" =
    asked === "list" || asked === "cards"
      ? asked
      : page.total > CARDS_UP_TO || isFiltered
        ? "list"
        : "cards";
  return {
    viewer,
    view,
    page,
    sort: query.sort,
    q: query.q ?? "",
    show: query.show,
    store: query.store ?? "",
    isFiltered,
    // The list's Store choices; the cards gather theirs from the watches they hold.
    stores: view === "list" ? await listWatchStores(db, viewer.id) : [],
    // The cards hold every product with its rule and schedule; the list pages through lean rows.
    watches: view === "cards" ? await withVerdicts(db, viewer.id) : [],
    initialUrl: url && url.length <= 4_000 ? url : null,
    minIntervalMinutes: (await services.billing.limitsFor(viewer.id)).minIntervalMinutes,
    publicUrl: services.publicEnv.publicUrl,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context);
  const services = context.get(servicesContext);
  const db = services.database.db;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const now = new Date();

  if (intent === "preview") {
    const raw = String(form.get("url") ?? "").trim();
    // The API's preview schema: a link without a scheme is taken as https.
    const parsed = PreviewInput.safeParse({ url: raw });
    const url = parsed.success ? parsed.data.url : raw;
    const acceptLanguage = request.headers.get("accept-language");
    const outcome = await previewProduct(services.recentPages.recording(viewer.id), url, {
      acceptLanguage: acceptLanguage ?? undefined,
      country: await readingCountry(db, viewer.id, acceptLanguage),
      signal: request.signal,
      extract: services.extract,
    });
    // The picture comes through Dropwave (a signed /img path), never straight from the store.
    if (outcome.kind === "ok" && outcome.preview.imageUrl) {
      outcome.preview.imageUrl = services.productImages.signedPath(outcome.preview.imageUrl);
    }
    return { intent: "preview", url, outcome } satisfies PreviewActionData;
  }

  if (intent === "create") {
    const parsed = parseCreateForm(form);
    if (!parsed.ok) {
      return data({ intent: "create", ok: false, error: parsed } satisfies CreateActionData, 400);
    }
    try {
      const { watch, ruleStatus } = await startTracking(
        { db, fetcher: services.recentPages.reusing(viewer.id), extract: services.extract },
        {
          userId: viewer.id,
          ...(await services.billing.limitsFor(viewer.id)),
          now,
        },
        parsed.value,
        {
          acceptLanguage: request.headers.get("accept-language") ?? undefined,
          country: await readingCountry(db, viewer.id, request.headers.get("accept-language")),
        },
      );
      return {
        intent: "create",
        ok: true,
        watchId: watch.id,
        title: watch.title,
        ruleMessage: ruleStatus.message,
      } satisfies CreateActionData;
    } catch (error) {
      if (isAppError(error)) {
        const { field } = formFailure(error.fields ?? [{ field: "url", message: error.message }]);
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
    try {
      await updateWatch(
        db,
        {
          userId: viewer.id,
          minIntervalMinutes: (await services.billing.limitsFor(viewer.id)).minIntervalMinutes,
          now,
        },
        watchId,
        { isPaused: intent === "pause" },
      );
    } catch (error) {
      // Someone else's watch, or none: a 404 like any id that is not yours (#35 item 10).
      if (isAppError(error) && error.code === "not_found") {
        throw data("No such watch.", { status: 404 });
      }
      throw error;
    }
    return { intent };
  }
  if (intent === "delete") {
    try {
      await deleteWatch(db, viewer.id, watchId);
    } catch (error) {
      if (!(isAppError(error) && error.code === "not_found")) throw error;
    }
    return { intent };
  }
  throw data("Unknown action", { status: 400 });
}

// The list and the table are most of the hub's rendering work. The router hands the route a new
// state object now and then with nothing in it changed (after hydration, for one); the route
// re-renders, and these do not unless their data did.
const WatchListOnce = memo(WatchList);
const WatchTableOnce = memo(WatchTable);

export default function Hub({ loaderData }: Route.ComponentProps) {
  const { watches, initialUrl, minIntervalMinutes, publicUrl, view, page, sort, q } = loaderData;
  const { show, store, stores, isFiltered } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-6 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold">Your hub</h1>
          <p className="mt-1 text-muted">
            Signed in as {loaderData.viewer.email}.{" "}
            <Link to="/hub/groups" className="text-accent-2 hover:underline">
              Groups: one product at several stores
            </Link>
          </p>
          {loaderData.viewer.isEmailVerified ? null : (
            <p className="mt-2 text-sm" data-testid="email-unverified">
              Your email awaits verification: open the link we mailed to it. Until then nothing else
              is emailed to it, alerts included.{" "}
              <Link to="/user#email" className="font-semibold underline">
                Send the link again
              </Link>
            </p>
          )}
        </div>
        <SendTestAlert />
      </div>
      <AddProduct initialUrl={initialUrl} minIntervalMinutes={minIntervalMinutes} />
      {page.total === 0 && !isFiltered ? (
        <EmptyState publicUrl={publicUrl} />
      ) : (
        <>
          <ViewSwitch view={view} filters={{ sort, q, show, store }} />
          {view === "list" ? (
            <WatchTableOnce
              key={`${sort}|${q}|${show}|${store}`}
              page={page}
              filters={{ sort, q, show, store }}
              stores={stores}
            />
          ) : (
            <WatchListOnce watches={watches} />
          )}
        </>
      )}
    </div>
  );
}

function ViewSwitch({ view, filters }: { view: "list" | "cards"; filters: ListFilters }) {
  // Both views sort, search and filter alike: switching keeps all four (#39 item 12).
  const to = (value: "list" | "cards") => `?${listFilterParams(value, filters)}`;
  const item = (value: "list" | "cards", label: string) => (
    <Link
      to={to(value)}
      aria-current={view === value ? "page" : undefined}
      className="rounded-md px-3 py-1 text-sm font-semibold aria-[current=page]:bg-accent aria-[current=page]:text-accent-fg hover:bg-surface-2"
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Hub view" className="flex gap-1">
      {item("list", "List")}
      {item("cards", "Cards")}
    </nav>
  );
}
