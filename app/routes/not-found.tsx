import { data, useLocation } from "react-router";
import { NotFound } from "../components/not-found-page.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta("Page Not Found", "There is no page at this address.");

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFoundRoute() {
  const location = useLocation();
  return <NotFound path={location.pathname} />;
}
