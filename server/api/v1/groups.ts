import type { AppServices } from "../../../app/context.ts";
import { getUserCountry } from "../../../core/accounts/country.ts";
import {
  CreateGroupInput,
  createGroup,
  deleteGroup,
  getGroupView,
  listGroupSuggestions,
  listGroups,
  UpdateGroupInput,
  updateGroup,
} from "../../../core/tracking/watch-groups.ts";
import { type ApiRouter, idParam } from "./route.ts";
import { GroupBody, GroupList, GroupSuggestions, GroupViewBody } from "./schemas.ts";

const tag = "Groups";

/**
 * Groups of watches of the same product at different stores (issue #37 items 5 and 7,
 * decisions 0068 and 0069): list, suggestions, create, read with the comparison, change, delete.
 */
export function mountGroupRoutes(api: ApiRouter, services: AppServices): void {
  const db = services.database.db;

  api.add(
    {
      method: "get",
      path: "/groups",
      tag,
      summary: "The caller's groups of watches",
      responses: { 200: { description: "Every group, newest first", schema: GroupList } },
    },
    async (c) => c.json({ groups: await listGroups(db, c.get("auth").user.id) }),
  );

  api.add(
    {
      method: "get",
      path: "/groups/suggestions",
      tag,
      summary: "Watches that look like the same product (same GTIN, or brand and part number)",
      responses: { 200: { description: "Groups to offer", schema: GroupSuggestions } },
    },
    async (c) => c.json({ suggestions: await listGroupSuggestions(db, c.get("auth").user.id) }),
  );

  api.add(
    {
      method: "post",
      path: "/groups",
      tag,
      summary: "Group watches of the same product",
      description:
        "A watch in another group moves to this one. `target` is the group's one alert: any store in stock at or below it, judged after every reading of a store (a server check, or the owner's browser reading); each store's own watch options apply to it as to its own alerts (a snoozed watch raises nothing, a watch that asks for only a real deal counts only with one).",
      body: CreateGroupInput,
      responses: { 201: { description: "The group", schema: GroupBody } },
    },
    async (c, { body }) => {
      const group = await createGroup(db, c.get("auth").user.id, await body(), new Date());
      return c.json({ group }, 201);
    },
  );

  api.add(
    {
      method: "get",
      path: "/groups/:id",
      tag,
      summary: "One group: every store's price, stock, verdict and history, compared",
      description:
        "Prices in other currencies are compared in the caller's own (their country's) at daily reference rates; `comparison.status` is `rates_unavailable` when the rates cannot be read. Stored prices stay in their own currency.",
      responses: { 200: { description: "The group", schema: GroupViewBody } },
    },
    async (c) => {
      const userId = c.get("auth").user.id;
      const now = new Date();
      const group = await getGroupView(db, userId, idParam(c), {
        now,
        country: await getUserCountry(db, userId),
        rates: () => services.rates.current(now),
      });
      return c.json({ group });
    },
  );

  api.add(
    {
      method: "patch",
      path: "/groups/:id",
      tag,
      summary: "Rename a group, set or clear its alert, add or remove watches",
      body: UpdateGroupInput,
      responses: { 200: { description: "The group as changed", schema: GroupBody } },
    },
    async (c, { body }) => {
      const group = await updateGroup(
        db,
        c.get("auth").user.id,
        idParam(c),
        await body(),
        new Date(),
      );
      return c.json({ group });
    },
  );

  api.add(
    {
      method: "delete",
      path: "/groups/:id",
      tag,
      summary: "Remove a group (its watches stay)",
      responses: { 204: { description: "Removed", isBodyless: true } },
    },
    async (c) => {
      await deleteGroup(db, c.get("auth").user.id, idParam(c));
      return c.body(null, 204);
    },
  );
}
