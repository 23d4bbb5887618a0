import type { IncomingMessage } from "node:http";
import type { PaidPlanInput } from "../../core/billing/plans.ts";
import { type LocalServer, startServer } from "./local-server.ts";

/**
 * A stand-in for Stripe's API on loopback (tests never reach Stripe): it answers Checkout and
 * customer portal session creation as Stripe does, with URLs on itself, and records the
 * form-encoded bodies the `stripe` package sent.
 */
export type StripeStandIn = LocalServer & {
  calls: { path: string; body: URLSearchParams; authorization: string | undefined }[];
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: StripeStandIn["calls"] = [];
  let sequence = 0;
  const server = await startServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    const body = new URLSearchParams(await readBody(req));
    calls.push({ path, body, authorization: req.headers.authorization });
    sequence += 1;
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${sequence}`;
      json(200, { id, object: "checkout.session", url: `${server.origin}/pay/${id}` });
      return;
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      json(200, {
        id: `bps_${sequence}`,
        object: "billing_portal.session",
        url: `${server.origin}/portal/${body.get("customer")}`,
      });
      return;
    }
    if (req.method === "GET" && (path.startsWith("/pay/") || path.startsWith("/portal/"))) {
      res.writeHead(200, { "content-type": "text/html" }).end(`<h1>Stand-in ${path}</h1>`);
      return;
    }
    json(404, { error: { type: "invalid_request_error", message: `No stand-in for ${path}` } });
  });
  return Object.assign(server, { calls });
}

/** The settings that switch billing on against the stand-in: test keys, and the paid plans. */
export function billingEnvFor(
  standIn: StripeStandIn,
  options: { webhookSecret: string; plans: PaidPlanInput[] },
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_dropwave",
    STRIPE_PUBLISHABLE_KEY: "pk_test_dropwave",
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_API_URL: standIn.origin,
    PLANS: JSON.stringify(options.plans),
  };
}
