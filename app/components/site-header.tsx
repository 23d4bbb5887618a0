import { useState } from "react";
import { Link, NavLink, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import type { loader as rootLoader } from "../root.tsx";
import { NotificationBell } from "./notification-bell.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function SiteHeader() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const viewer = rootData?.viewer ?? null;
  return (
    <header className="border-b border-border bg-bg/80 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-6 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 font-display text-lg font-black tracking-wider"
        >
          <span aria-hidden="true" className="text-accent">
            ◢◤
          </span>
          <span>DROPWAVE</span>
        </Link>
        <nav aria-label="Main" className="flex flex-1 items-center gap-4 text-sm">
          {viewer ? (
            <NavLink
              to="/hub"
              className={({ isActive }) =>
                isActive ? "font-semibold text-accent" : "text-muted hover:text-fg"
              }
            >
              Hub
            </NavLink>
          ) : null}
        </nav>
        <ThemeToggle />
        {viewer ? <NotificationBell /> : null}
        {viewer ? <AccountMenu name={viewer.name || viewer.email} /> : <GuestLinks />}
      </div>
    </header>
  );
}

function GuestLinks() {
  return (
    <div className="flex items-center gap-2 text-sm">
      <Link to="/login" className="rounded-lg px-3 py-1.5 text-fg hover:bg-surface-2">
        Sign in
      </Link>
      <Link
        to="/register"
        className="rounded-lg bg-accent px-3 py-1.5 font-semibold text-accent-fg"
      >
        Create account
      </Link>
    </div>
  );
}

function AccountMenu({ name }: { name: string }) {
  const [isBusy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
      // A full navigation drops every cached bit of the signed-in state in this tab.
      window.location.assign("/");
    } catch {
      setBusy(false);
      toast.error("Could not sign out. Check your connection and try again.");
    }
  };
  return (
    <details className="relative text-sm">
      <summary
        data-testid="account-menu"
        className="cursor-pointer list-none rounded-lg border border-border px-3 py-1.5 hover:bg-surface-2"
      >
        <span className="sr-only">Account menu for </span>
        {name}
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-44 rounded-lg border border-border bg-surface p-1 shadow-lg">
        <Link to="/user" className="block rounded px-3 py-2 hover:bg-surface-2">
          Account settings
        </Link>
        <button
          type="button"
          onClick={signOut}
          disabled={isBusy}
          className="block w-full rounded px-3 py-2 text-left hover:bg-surface-2 disabled:opacity-60"
        >
          {isBusy ? "Signing out…" : "Sign out"}
        </button>
      </div>
    </details>
  );
}
