import { type Env, isBillingEnabled } from "../env.ts";

/**
 * What this instance sends to outside services, in words for the privacy page, generated from
 * the configuration so the page can't drift from what runs. An instance with none of these
 * settings sends nothing anywhere, and the page says so.
 */
export type Disclosure = {
  id: "web-analytics" | "product-analytics" | "payments";
  service: string;
  /** Who receives it: the host name the operator configured. */
  recipient: string;
  collected: string[];
  notes: string[];
};

export function thirdPartyDisclosures(env: Env): Disclosure[] {
  const list: Disclosure[] = [];
  if (env.ANALYTICS_HOST && env.ANALYTICS_WEBSITE_ID) {
    list.push({
      id: "web-analytics",
      service: "Web analytics (Umami-compatible)",
      recipient: new URL(env.ANALYTICS_HOST).host,
      collected: [
        "each page you open on this site: its address (path), title and the page you came from",
        "your browser's language and your screen size",
      ],
      notes: [
        "No cookies are set and no identifier of yours is sent.",
        'Setting "umami.disabled" in this site\'s local storage turns it off in your browser.',
      ],
    });
  }
  if (env.POSTHOG_KEY && env.POSTHOG_HOST && !env.POSTHOG_DISABLED) {
    const capture = [
      env.POSTHOG_CAPTURE_PAGEVIEW ? "the pages you open" : undefined,
      env.POSTHOG_CAPTURE_PAGELEAVE ? "when you leave a page" : undefined,
    ].filter((s): s is string => Boolean(s));
    list.push({
      id: "product-analytics",
      service: "Product analytics (PostHog)",
      recipient: new URL(env.POSTHOG_HOST).host,
      collected: [
        ...capture,
        "clicks on buttons and links, with their visible text (at most 255 characters)",
        "your account id once you are signed in (it is forgotten in your browser when you sign out)",
        "a random id kept in this site's local storage",
      ],
      notes: [
        "Never sent: anything typed into forms, password or hidden fields, fields for card or credential data, or text that looks like a card or social security number.",
        env.POSTHOG_PROXY
          ? "Your browser sends it to this server, which forwards it; PostHog sees this server's address, not yours."
          : "Your browser sends it straight to PostHog, which sees your IP address.",
      ],
    });
  }
  if (isBillingEnabled(env)) {
    list.push({
      id: "payments",
      service: "Card payments (Stripe)",
      recipient: "Stripe (stripe.com)",
      collected: [
        "when you upgrade: your email address and this site's account id, sent by this server to start the payment",
        "your card details, typed into Stripe's own payment page, never into this site",
        "on the upgrade page only: Stripe's script, which Stripe uses to detect fraud (it sees your IP address and browser)",
      ],
      notes: [
        "This server keeps only your plan, Stripe's customer and subscription ids and the status Stripe reports; never card details.",
        "No Stripe code is loaded on any other page.",
      ],
    });
  }
  return list;
}
