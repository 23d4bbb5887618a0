import { useRouteLoaderData } from "react-router";
import { ButtonLink } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { staticPage } from "../lib/hydration.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/landing";

// Works as plain HTML: no React in the browser for a signed-out visitor (lib/hydration.ts).
export const handle = staticPage;

const description =
  "Dropwave watches product prices on any online store and tells you the moment they drop. Self-hosted, private, free.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const rootData = matches.find((m) => m?.id === "root")?.loaderData as
    | { publicEnv?: { publicUrl?: string } }
    | undefined;
  const url = rootData?.publicEnv?.publicUrl ?? "";
  return [
    { title: "Dropwave · Know the moment the price drops" },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Dropwave" },
    { property: "og:title", content: "Dropwave · Know the moment the price drops" },
    { property: "og:description", content: description },
    { property: "og:url", content: `${url}/` },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: "Dropwave · Know the moment the price drops" },
    { name: "twitter:description", content: description },
  ];
};

const steps = [
  {
    title: "Paste a product link",
    body: "From Amazon, eBay, Walmart, IKEA, a Shopify shop or almost any store. Dropwave reads the title, picture, price and stock in seconds.",
  },
  {
    title: "Choose what matters",
    body: "Any drop, below a target price, a percentage off, or back in stock. One click to save.",
  },
  {
    title: "Get told once",
    body: "Dropwave re-checks on a schedule, keeps the price history, and alerts you by email, webhook, chat or browser push — exactly once per event.",
  },
];

const promises = [
  [
    "Never a wrong price",
    "When a page is unclear or a store blocks the check, Dropwave says so instead of guessing.",
  ],
  [
    "Yours to run",
    "One command starts it on your machine with an embedded database; PostgreSQL when you grow.",
  ],
  [
    "Private by design",
    "No trackers, no resale of your wish list. Your watches stay on your server.",
  ],
];

export default function Landing() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const isSignedIn = Boolean(rootData?.viewer);
  return (
    <>
      <section className="relative isolate overflow-hidden px-6 pt-20 pb-80 text-center">
        <div className="synth-horizon -z-10" aria-hidden="true" />
        <p className="font-mono text-sm tracking-[0.3em] text-accent-2">
          PRICE TRACKING, SELF-HOSTED
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl font-display text-5xl font-black leading-tight sm:text-6xl">
          Know the moment the <span className="text-accent">price drops</span>.
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{description}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <ButtonLink
            to={isSignedIn ? "/hub" : "/register"}
            size="xl"
            className="text-lg shadow-[0_0_24px] shadow-accent/50"
          >
            {isSignedIn ? "Open your hub" : "Start tracking — it's free"}
          </ButtonLink>
          {isSignedIn ? null : (
            <ButtonLink to="/login" variant="secondary" size="xl" className="text-lg">
              Sign in
            </ButtonLink>
          )}
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-6 py-16">
        <h2 id="how-title" className="font-display text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className={cardClass()}>
              <span className="font-mono text-sm text-accent-2">0{i + 1}</span>
              <h3 className="mt-2 text-xl font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="promise-title" className="mx-auto max-w-6xl px-6 pb-20">
        <h2 id="promise-title" className="font-display text-3xl font-bold">
          What you can count on
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {promises.map(([title, body]) => (
            <li key={title} className={cardClass({ isMuted: true })}>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted">{body}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
