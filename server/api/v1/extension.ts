import { z } from "zod";
import type { AppServices } from "../../../app/context.ts";
import { PriceRecipe } from "../../../core/extract/recipe-schema.ts";
import {
  BrowserReading,
  BrowserWatchInput,
  RecipeInput,
  saveRecipe,
  trackFromBrowser,
} from "../../../core/tracking/browser-reading.ts";
import { recordBrowserReading } from "../../../core/tracking/browser-refresh.ts";
import {
  LookupQuery,
  lookupTracked,
  TrackedOptionsInput,
  trackedUrls,
} from "../../../core/tracking/extension-lookup.ts";
import { updateWatch } from "../../../core/tracking/update-watch.ts";
import { type ApiRouter, idParam } from "./route.ts";
import { WatchBody, WatchCreated, WatchView } from "./schemas.ts";
import { watchCreateContext, watchUpdateContext } from "./watch-context.ts";

const tag = "Browser extension";

const Money = z.object({ amountMinor: z.number().int(), currency: z.string().length(3) });
const RecipeSaved = z.object({
  status: z.literal("saved"),
  /** The server's own reading of the page confirmed the pick: it is now the product's and the store's. */
  isConfirmed: z.boolean(),
});
const LookupBody = z.object({
  url: z.string(),
  watch: z
    .object({
      id: z.string(),
      productId: z.string(),
      title: z.string().nullable(),
      price: Money.nullable(),
      availability: z.string(),
      lowest: Money.nullable(),
      highest: Money.nullable(),
      rule: WatchView.shape.rule,
      onlyRealDeal: WatchView.shape.onlyRealDeal,
      ruleMessage: z.string(),
      isRuleMet: z.boolean(),
      isServerBlocked: z.boolean(),
      lastError: z.string().nullable(),
      hasRecipe: z.boolean(),
      recipe: PriceRecipe.nullable(),
      points: z.array(
        z.object({
          at: z.string(),
          price: Money.nullable(),
          source: z.enum(["server", "browser"]),
        }),
      ),
      hubPath: z.string(),
    })
    .nullable(),
  storeRecipe: PriceRecipe.nullable(),
});
const TrackedBody = z.object({ urls: z.array(z.string()) });

/**
 * The browser extension's routes (docs/decisions/0027-browser-extension.md), the only ones an
 * `extension`-scoped token may call besides GET /me. The browser reads the page; the server
 * re-validates what it sends (core/tracking/browser-reading.ts) and never fetches the page here.
 */
export function mountExtensionRoutes(api: ApiRouter, services: AppServices): void {
  const db = services.database.db;

  api.add(
    {
      method: "get",
      path: "/extension/lookup",
      tag,
      isForExtension: true,
      summary: "Is this page one of my watches? Its history, lowest and highest, alert status",
      description: "Also the store's price recipe, when someone picked a price on this host.",
      query: LookupQuery,
      responses: { 200: { description: "The watch for this link, or null", schema: LookupBody } },
    },
    async (c, { query }) =>
      c.json(await lookupTracked(db, c.get("auth").user.id, query.url, new Date())),
  );

  api.add(
    {
      method: "get",
      path: "/extension/tracked",
      tag,
      isForExtension: true,
      summary: "The normalised links of everything I track (for the toolbar badge)",
      responses: { 200: { description: "The links", schema: TrackedBody } },
    },
    async (c) => c.json({ urls: await trackedUrls(db, c.get("auth").user.id) }),
  );

  api.add(
    {
      method: "post",
      path: "/extension/watches",
      tag,
      isForExtension: true,
      summary: "Track a product with what the browser read on its page",
      description:
        "The page is not fetched by the server: the reading (title, picture, price, stock) becomes the first observation, marked as the browser's. With `recipe`, the picked price spot is saved for the watch, the product and its store.",
      body: BrowserWatchInput,
      responses: {
        201: { description: "The watch, and whether its rule is met", schema: WatchCreated },
      },
      errors: [409, 422],
    },
    async (c, { body }) => {
      const input = await body();
      const result = await trackFromBrowser(
        db,
        { fetcher: services.fetcher, extract: services.extract },
        await watchCreateContext(services, c.get("auth").user.id),
        input,
      );
      return c.json(result, 201);
    },
  );

  api.add(
    {
      method: "patch",
      path: "/extension/watches/:id",
      tag,
      isForExtension: true,
      summary: 'Change a tracked watch\'s "Only a real deal" from the popup',
      description:
        "The popup's tracked view has the add form's box (decision 0063); it is applied as PATCH /watches/{id} applies it. Other options stay the hub's and the full API's.",
      body: TrackedOptionsInput,
      responses: { 200: { description: "The watch as changed", schema: WatchBody } },
    },
    async (c, { body }) => {
      const watch = await updateWatch(
        db,
        await watchUpdateContext(services, c.get("auth").user.id),
        idParam(c),
        await body(),
      );
      return c.json({ watch });
    },
  );

  api.add(
    {
      method: "put",
      path: "/extension/watches/:id/recipe",
      tag,
      isForExtension: true,
      summary: "Save the price spot picked on a watch's page",
      description:
        "The spot is this watch's at once (the extension reads the page there). The server then fetches the page itself: when its own reading finds the picked spot holding the amount you saw (`isConfirmed`), later checks of the product read the price there (and say when it stops matching) and other products of the same host are offered it as the store's recipe. A spot another person picked for the product is never replaced.",
      body: RecipeInput,
      responses: { 200: { description: "Saved", schema: RecipeSaved } },
    },
    async (c, { body }) => {
      const { recipe } = await body();
      const saved = await saveRecipe(
        db,
        { fetcher: services.fetcher, extract: services.extract },
        { userId: c.get("auth").user.id, watchId: idParam(c), now: new Date() },
        recipe,
      );
      return c.json(saved);
    },
  );

  api.add(
    {
      method: "post",
      path: "/extension/watches/:id/readings",
      tag,
      isForExtension: true,
      summary: "A browser-assisted check: what the browser read on a watch's page",
      description:
        "Counts for this watch only: stored as one observation of this watch, marked as the browser's, and decided by this watch's alert rule alone, then by the group alert of this watch's group if it is in one. The shared product (its title, price, stock and history) and other people's watches and groups are not changed.",
      body: BrowserReading,
      responses: { 200: { description: "The watch as it is now", schema: WatchBody } },
      errors: [409],
    },
    async (c, { body }) => {
      const reading = await body();
      const watch = await recordBrowserReading(
        { database: services.database, log: c.get("scope").log, rates: services.rates },
        { userId: c.get("auth").user.id, watchId: idParam(c), now: new Date() },
        reading,
      );
      return c.json({ watch });
    },
  );
}
