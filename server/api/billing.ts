import { Hono } from "hono";
import type { AppServices } from "../../app/context.ts";
import {
  handleStripeEvent,
  StripeEventInput,
  StripeEventShapeError,
} from "../../core/billing/stripe-events.ts";
import type { StripeGateway } from "../../core/billing/stripe-gateway.ts";
import { StripeSignatureError } from "../../core/billing/stripe-signature-error.ts";
import { AppError } from "../../core/errors.ts";
import type { HonoEnv } from "../http.ts";

/**
 * POST /api/billing/stripe-webhook (only with Stripe's keys): Stripe's events, signature
 * checked with the `stripe` package against STRIPE_WEBHOOK_SECRET. A bad signature, body or
 * event shape is a 400 (Stripe shows it and retries); a processed or repeated event is a 200.
 */
export function createBillingApi(services: AppServices, stripe: StripeGateway): Hono<HonoEnv> {
  const api = new Hono<HonoEnv>();
  api.post("/stripe-webhook", async (c) => {
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new AppError("bad_request", "The Stripe-Signature header is missing.");
    const payload = await c.req.text();
    let body: unknown;
    try {
      body = stripe.verifyWebhook(payload, signature);
    } catch (error) {
      if (error instanceof StripeSignatureError) throw new AppError("bad_request", error.message);
      if (error instanceof SyntaxError)
        throw new AppError("bad_request", "The body is not a JSON event.");
      throw error;
    }
    const event = StripeEventInput.safeParse(body);
    if (!event.success) throw new AppError("bad_request", "The body is not a Stripe event.");
    try {
      const result = await handleStripeEvent(
        services.database.db,
        services.billing.catalogue,
        event.data,
        new Date(),
      );
      c.get("scope").log.info(
        { stripeEvent: event.data.id, type: event.data.type, ...result },
        "stripe event",
      );
      return c.json({ received: true, outcome: result.outcome });
    } catch (error) {
      if (error instanceof StripeEventShapeError) throw new AppError("bad_request", error.message);
      throw error;
    }
  });
  return api;
}
