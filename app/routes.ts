import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The product's route table. Each page declares who may see it (authGuard in its module).
export default [
  index("routes/landing.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("reset", "routes/reset.tsx"),
  route("reset/:token", "routes/reset-token.tsx"),
  route("confirm-channel/:token", "routes/confirm-channel.tsx"),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("hub", "routes/hub.tsx"),
  route("hub/add", "routes/hub-add.tsx"),
  route("hub/watch/:id", "routes/hub-watch.tsx"),
  route("hub/groups", "routes/hub-groups.tsx"),
  route("hub/group/:id", "routes/hub-group.tsx"),
  route("user", "routes/user.tsx"),
  route("admin", "routes/admin.tsx"),
  route("user/import", "routes/user-import.tsx"),
  route("user/upgrade", "routes/user-upgrade.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
