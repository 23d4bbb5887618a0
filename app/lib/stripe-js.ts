// The pure entry injects nothing when imported: the script below is the only one.
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

/**
 * Stripe.js, from its standard address. Imported only by the upgrade page, and only
 * dynamically (a chunk of its own), so no other page loads Stripe's code or the wrapper's.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/v3";

export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (!document.querySelector(`script[src^="${STRIPE_JS_URL}"]`)) {
    const script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.async = true;
    document.head.appendChild(script);
  }
  // @stripe/stripe-js waits for the script above (it recognises the v3 address).
  return loadStripe(publishableKey);
}
