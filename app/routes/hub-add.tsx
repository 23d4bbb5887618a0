import { redirect } from "react-router";
import { authGuard } from "../lib/guard.server.ts";
import type { Route } from "./+types/hub-add";

// `/hub/add?url=…` (share targets, bookmarklets) opens the hub's preview for that URL.
export const middleware = authGuard("required");

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url).searchParams.get("url") ?? "";
  return redirect(url ? `/hub?url=${encodeURIComponent(url)}` : "/hub");
}
