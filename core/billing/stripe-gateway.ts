import Stripe from "stripe";
import { StripeSignatureError } from "./stripe-signature-error.ts";

/**
 * The one place that talks to Stripe, through the `stripe` package: Checkout and customer
 * portal sessions (outbound, to STRIPE_API_URL: Stripe's API, or a stand-in on loopback in
 * tests) and webhook signature checks (local, HMAC). Everything else in core/billing takes
 * this interface, so the rules are tested without a network.
 */
export type StripeGateway = {
  createCheckoutSession(params: {
    priceId: string;
    userId: string;
    planId: string;
    customerId: string | null;
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(params: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * The event in a webhook body, after checking its signature (and its age: five minutes):
   * throws StripeSignatureError when it does not match, SyntaxError when the body is not JSON.
   */
  verifyWebhook(payload: string, signatureHeader: string): unknown;
};

export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a stand-in's origin. */
  apiUrl: string;
  timeoutMs?: number;
}): StripeGateway {
  const api = new URL(options.apiUrl);
  const protocol = api.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? 15_000,
    maxNetworkRetries: 2,
    appInfo: { name: "Dropwave" },
  });
  return {
    async createCheckoutSession(params) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: params.priceId, quantity: 1 }],
        client_reference_id: params.userId,
        ...(params.customerId ? { customer: params.customerId } : { customer_email: params.email }),
        metadata: { userId: params.userId, planId: params.planId },
        subscription_data: { metadata: { userId: params.userId, planId: params.planId } },
        success_url: params.successUrl,
        cancel_url: params.cancelUrl,
      });
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },
    async createPortalSession(params) {
      const session = await stripe.billingPortal.sessions.create({
        customer: params.customerId,
        return_url: params.returnUrl,
      });
      return { url: session.url };
    },
    verifyWebhook(payload, signatureHeader) {
      try {
        stripe.webhooks.signature?.verifyHeader(payload, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new StripeSignatureError(error);
      }
      if (!stripe.webhooks.signature) throw new Error("stripe: no webhook signature verifier");
      return JSON.parse(payload) as unknown;
    },
  };
}
