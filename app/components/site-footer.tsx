import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer data-site-footer className="border-t border-border px-6 py-8 text-sm text-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
        <p>Dropwave — self-hosted price tracking. Your data stays on your server.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link className="underline-offset-4 hover:text-fg hover:underline" to="/terms">
            Terms of Service
          </Link>
          <Link className="underline-offset-4 hover:text-fg hover:underline" to="/privacy">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
