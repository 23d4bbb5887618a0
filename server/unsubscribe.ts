import type { Hono } from "hono";
import type { AppServices } from "../app/context.ts";
import { unsubscribe, verifyUnsubscribe } from "../core/notify/unsubscribe.ts";
import type { HonoEnv } from "./app.ts";

/**
 * POST /unsubscribe/:token — RFC 8058 one-click unsubscribe, and the button of the page at the
 * same address (app/routes/unsubscribe.tsx). Mounted before the pages' same-origin check: a
 * mail provider posts `List-Unsubscribe=One-Click` from its own servers, with no Origin and no
 * session; the signed token is the authority (core/notify/unsubscribe.ts).
 */
export function mountUnsubscribe(app: Hono<HonoEnv>, services: AppServices): void {
  app.post("/unsubscribe/:token", async (c) => {
    const token = c.req.param("token");
    const target = verifyUnsubscribe(services.unsubscribeSecret, token);
    const body = await c.req.text().catch(() => "");
    const isOneClick = new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
    const isDone = target !== null && (await unsubscribe(services.database.db, target));
    c.get("scope").log.info({ isOneClick, isDone }, "unsubscribe");
    if (isOneClick) {
      return isDone ? c.text("Unsubscribed.", 200) : c.text("This link is not valid.", 404);
    }
    // The page's own button: back to the page, which now says it is done.
    return c.redirect(`/unsubscribe/${encodeURIComponent(token)}`, 303);
  });
}
