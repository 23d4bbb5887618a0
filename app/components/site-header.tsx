import { useState } from "react";
import { Link, NavLink, useRouteLoaderData, useSearchParams } from "react-router";
import { http } from "../lib/http.ts";
import { toast } from "../lib/toast.ts";
import type { loader as rootLoader } from "../root.tsx";
import { LazyNotificationBell } from "./lazy-notification-bell.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { ButtonLink } from "./ui/button.tsx";
import { menuItemClass, Popover } from "./ui/popover.tsx";

export function SiteHeader() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const viewer = rootData?.viewer ?? null;
  return (
    <header className="relative z-20 border-b border-border bg-bg/80 backdrop-blur">
      {/* One row at every width: on a phone the word mark, the theme words and long names give way. */}
      <div className="mx-auto flex max-w-6xl flex-nowrap items-center gap-2 px-3 py-3 sm:gap-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 font-display text-lg font-black tracking-wider"
          aria-label="Dropwave home"
        >
          <span aria-hidden="true" className="text-accent">
            ◢◤
          </span>
          <span className="hidden min-[420px]:inline">DROPWAVE</span>
        </Link>
        <nav aria-label="Main" className="flex min-w-0 flex-1 items-center gap-4 text-sm">
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
        {viewer ? <LazyNotificationBell /> : null}
        {viewer ? (
          <AccountMenu
            name={viewer.name || viewer.email}
            isOperator={rootData?.isOperator === true}
          />
        ) : (
          <GuestLinks />
        )}
      </div>
    </header>
  );
}

/**
 * Sign in and Create account, keeping where the visitor was going: arriving from the
 * bookmarklet or a share link signed out, /login?redirect=… must not lose the product when
 * they pick "Create account" in the header instead of the link below the form (#39 item 10).
 */
function GuestLinks() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const keep = (path: string) =>
    redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
  return (
    <div className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
      <ButtonLink to={keep("/login")} variant="ghost" size="sm" className="whitespace-nowrap">
        Sign in
      </ButtonLink>
      <ButtonLink to={keep("/register")} size="sm" className="whitespace-nowrap">
        Create account
      </ButtonLink>
    </div>
  );
}

function AccountMenu({ name, isOperator }: { name: string; isOperator: boolean }) {
  const [isBusy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await http("/api/auth/sign-out", { method: "POST", body: {} });
      // A full navigation drops every cached bit of the signed-in state in this tab.
      window.location.assign("/");
    } catch {
      setBusy(false);
      toast.error("Could not sign out. Check your connection and try again.");
    }
  };
  return (
    <Popover
      // Named for what it is, not for the person: their name or email (shown, and in `title`)
      // would otherwise match any button whose name is a word in it.
      label="Account menu"
      title={name}
      triggerTestId="account-menu"
      triggerClassName="block max-w-[6.5rem] truncate rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-2 sm:max-w-[14rem]"
      panelClassName="w-44"
      trigger={name}
    >
      {(close) => (
        <>
          <Link to="/user" className={menuItemClass} onClick={close}>
            Account settings
          </Link>
          {isOperator ? (
            <Link to="/admin" className={menuItemClass} onClick={close}>
              Operator page
            </Link>
          ) : null}
          <button type="button" onClick={signOut} disabled={isBusy} className={menuItemClass}>
            {isBusy ? "Signing out…" : "Sign out"}
          </button>
        </>
      )}
    </Popover>
  );
}
