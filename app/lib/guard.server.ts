import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type Viewer, viewerContext } from "../context.ts";
import { type AuthRule, decideAccess } from "./guard.ts";

/** A page's declaration of who may see it: `export const middleware = authGuard("required")`. */
export function authGuard(rule: AuthRule): MiddlewareFunction<Response>[] {
  return [
    ({ request, context }) => {
      const decision = decideAccess(
        rule,
        context.get(viewerContext) !== null,
        new URL(request.url),
      );
      if (decision.kind === "redirect") throw redirect(decision.to);
    },
  ];
}

/** The signed-in person, in a loader or action of a page behind `authGuard("required")`. */
export function requireViewer(context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("authGuard lets only signed-in visitors through");
  return viewer;
}
