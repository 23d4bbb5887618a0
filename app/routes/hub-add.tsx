import { redirect } from "react-router";
import { authGuard } from "../lib/guard.server.ts";
import { sharedProductUrl } from "../lib/shared-url.ts";
import type { Route } from "./+types/hub-add";

// `/hub/add?url=…` (bookmarklets, and the share target in public/manifest.webmanifest, which
// may send the link in `text` instead) opens the hub's preview for that URL.
export const middleware = authGuard("required");

export function loader({ request }: Route.LoaderArgs) {
  const url = sharedProductUrl(new URL(request.url).searchParams);
  return redirect(url ? `/hub?url=${encodeURIComponent(url)}` : "/hub");
}
