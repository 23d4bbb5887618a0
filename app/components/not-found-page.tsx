import { ButtonLink } from "./ui/button.tsx";

/** The 404 page: the not-found route's and the root error boundary's for a 404. */
export function NotFound({ path }: { path: string }) {
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center" aria-labelledby="not-found-title">
      <p className="font-mono text-6xl font-black text-accent">404</p>
      <h1 id="not-found-title" className="mt-4 break-words font-display text-2xl font-bold">
        Page Not Found: {path}
      </h1>
      <p className="mt-4 text-muted">The link may be old, or the address mistyped.</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Back to the start
      </ButtonLink>
    </section>
  );
}
