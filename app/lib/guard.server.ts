import { type MiddlewareFunction, redirect } from "react-router";
import { viewerContext } from "../context.ts";
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
