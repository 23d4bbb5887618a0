import { Link } from "react-router";

/**
 * The header of error pages. It needs nothing that can fail: no query client (the bell's
 * lives inside `App`, which an error replaces), no menus, and no loader data (the root loader
 * may be what failed). Knowing who is signed in only changes which links it offers.
 */
const SIGNED_OUT_LINKS = [{ to: "/login", label: "Sign in" }];
const SIGNED_IN_LINKS = [
  { to: "/hub", label: "Hub" },
  { to: "/user", label: "Account" },
];

export function ErrorHeader({ isSignedIn }: { isSignedIn: boolean | null }) {
  return (
    <header className="border-b border-border bg-bg/80" data-testid="error-header">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
        <a
          href="/"
          className="flex items-center gap-2 font-display text-lg font-black tracking-wider"
        >
          <span aria-hidden="true" className="text-accent">
            ◢◤
          </span>
          <span>DROPWAVE</span>
        </a>
        <nav aria-label="Main" className="ml-auto flex items-center gap-4 text-sm">
          {(isSignedIn === false ? SIGNED_OUT_LINKS : SIGNED_IN_LINKS).map((link) => (
            <Link key={link.to} to={link.to} className="text-muted hover:text-fg">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </header>
  );
}
