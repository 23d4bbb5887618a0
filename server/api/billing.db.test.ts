import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingDeps } from "../../app/lib/billing-deps.server.ts";
import type { PaidPlanInput } from "../../core/billing/plans.ts";
import { applyStripeEvent } from "../../core/billing/stripe-events.ts";
import { accountPlan, stripeEvent, user, watch } from "../../core/db/schema/index.ts";
import { createPerson, createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { productPage, startStoreServer } from "../../tests/helpers/store-server.ts";
import {
  billingEnvFor,
  type StripeStandIn,
  startStripeStandIn,
} from "../../tests/helpers/stripe-stand-in.ts";

const database = setupTestDatabase();
const WEBHOOK_SECRET = "whsec_test_secret_for_dropwave";
let standIn: StripeStandIn;
let store: Awaited<ReturnType<typeof startStoreServer>>;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  store = await startStoreServer();
});
afterAll(async () => {
  await standIn.close();
  await store.close();
});

const plans: PaidPlanInput[] = [
  {
    id: "pro",
    name: "Pro",
    stripePriceId: "price_pro",
    price: { amountMinor: 400, currency: "EUR", interval: "month" },
    maxChannels: 2,
    minCheckIntervalMinutes: 15,
  },
];
const billingEnv = () => ({
  ...billingEnvFor(standIn, { webhookSecret: WEBHOOK_SECRET, plans }),
  MAX_CHANNELS_PER_USER: "1",
  FETCH_ALLOW_PRIVATE: "127.0.0.1/32",
  FETCH_HOST_SPACING_MS: "0",
});

let eventSeq = 0;
function event(type: string, object: Record<string, unknown>, created = 1_800_000_000) {
  eventSeq += 1;
  return { id: `evt_test_${eventSeq}`, object: "event", type, created, data: { object } };
}
const completed = (userId: string, created?: number) =>
  event(
    "checkout.session.completed",
    {
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: userId,
      customer: `cus_${userId.slice(0, 8)}`,
      subscription: `sub_${userId.slice(0, 8)}`,
      metadata: { userId, planId: "pro" },
    },
    created,
  );
const subscription = (
  type: "updated" | "deleted",
  userId: string,
  status: string,
  created: number,
) =>
  event(
    `customer.subscription.${type}`,
    {
      id: `sub_${userId.slice(0, 8)}`,
      object: "subscription",
      customer: `cus_${userId.slice(0, 8)}`,
      status,
      items: { data: [{ price: { id: "price_pro" } }] },
      metadata: { userId },
    },
    created,
  );

async function userIdOf(email: string): Promise<string> {
  const [row] = await database.current.db.select().from(user).where(eq(user.email, email));
  return row!.id;
}

describe("Stripe webhooks", () => {
  async function setup() {
    const test = await createTestApp(database.current, { env: billingEnv() });
    const send = (body: unknown, signature?: string) => {
      const payload = typeof body === "string" ? body : JSON.stringify(body);
      return test.request("/api/billing/stripe-webhook", {
        method: "POST",
        body: undefined,
        headers: {
          "stripe-signature":
            signature ??
            Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        rawBody: payload,
      });
    };
    return { ...test, send };
  }

  it("a signed checkout.session.completed moves the account to its plan, and raises its limits", async () => {
    const { request, send, services } = await setup();
    const alice = await createPerson(request);
    const aliceId = await userIdOf(alice.email);
    const bob = await createPerson(request);
    const bobId = await userIdOf(bob.email);
    const channel = (n: number) => ({
      name: `Hook ${n}`,
      config: { type: "webhook", url: `${standIn.origin}/hook/${n}`, secret: "whsec_0123456789ab" },
    });

    expect(await services.billing.limitsFor(aliceId)).toMatchObject({
      maxChannels: 1,
      minIntervalMinutes: 60,
    });
    expect(
      (await request("/api/v1/channels", { body: channel(1), headers: alice.auth })).status,
    ).toBe(201);
    const refused = await request("/api/v1/channels", { body: channel(2), headers: alice.auth });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe("You can have at most 1 channels.");

    const response = await send(completed(aliceId));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await services.billing.limitsFor(aliceId)).toEqual({
      maxWatches: 200,
      minIntervalMinutes: 15,
      maxChannels: 2,
    });
    expect(
      (await request("/api/v1/channels", { body: channel(2), headers: alice.auth })).status,
    ).toBe(201);
    // Bob's plan is his own.
    expect((await services.billing.limitsFor(bobId)).maxChannels).toBe(1);
    const [row] = await database.current.db
      .select()
      .from(accountPlan)
      .where(eq(accountPlan.userId, aliceId));
    expect(row).toMatchObject({ planId: "pro", stripeCustomerId: `cus_${aliceId.slice(0, 8)}` });
  });

  it("the same event twice changes the plan once", async () => {
    const { request, send, services } = await setup();
    const carol = await createPerson(request);
    const carolId = await userIdOf(carol.email);
    const upgrade = completed(carolId, 1_800_000_100);
    const cancel = subscription("deleted", carolId, "canceled", 1_800_000_200);
    expect((await (await send(upgrade)).json()).outcome).toBe("applied");
    expect((await (await send(cancel)).json()).outcome).toBe("applied");
    expect((await services.billing.limitsFor(carolId)).maxChannels).toBe(1);
    // Stripe delivers the upgrade again: it was handled already, so it changes nothing.
    const again = await send(upgrade);
    expect(again.status).toBe(200);
    expect((await again.json()).outcome).toBe("duplicate");
    expect((await services.billing.limitsFor(carolId)).maxChannels).toBe(1);
    const seen = await database.current.db
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.id, upgrade.id));
    expect(seen).toHaveLength(1);
  });

  it("an event older than the one applied last does not undo it", async () => {
    const { request, send, services } = await setup();
    const dave = await createPerson(request);
    const daveId = await userIdOf(dave.email);
    await send(completed(daveId, 1_800_000_100));
    await send(subscription("deleted", daveId, "canceled", 1_800_000_300));
    const late = await send(subscription("updated", daveId, "active", 1_800_000_200));
    expect((await late.json()).outcome).toBe("stale");
    expect((await services.billing.limitsFor(daveId)).maxChannels).toBe(1);
  });

  it("the plan's interval applies to new watches; a downgrade moves quicker ones to the free plan's", async () => {
    const { request, send } = await setup();
    const hana = await createPerson(request);
    const hanaId = await userIdOf(hana.email);
    store.setPage(
      "/plans/kettle",
      productPage({ title: "Kettle", price: "20.00", currency: "EUR" }),
    );
    const add = () =>
      request("/api/v1/watches", {
        body: { url: store.url("/plans/kettle"), intervalMinutes: 15 },
        headers: hana.auth,
      });
    const intervalOf = async () => {
      const [row] = await database.current.db
        .select({ intervalMinutes: watch.intervalMinutes })
        .from(watch)
        .where(eq(watch.userId, hanaId));
      return row?.intervalMinutes;
    };
    // Free: 15 minutes is raised to the free plan's hour.
    expect((await add()).status).toBe(201);
    expect(await intervalOf()).toBe(60);
    await database.current.db.delete(watch).where(eq(watch.userId, hanaId));

    await send(completed(hanaId, 1_800_000_100));
    expect((await add()).status).toBe(201);
    expect(await intervalOf()).toBe(15);

    await send(subscription("deleted", hanaId, "canceled", 1_800_000_200));
    expect(await intervalOf()).toBe(60);
  });

  it("a subscription that is past due keeps its plan; unpaid falls back to free", async () => {
    const { request, send, services } = await setup();
    const erin = await createPerson(request);
    const erinId = await userIdOf(erin.email);
    // Known by the metadata set at Checkout, before checkout.session.completed arrived.
    await send(subscription("updated", erinId, "past_due", 1_800_000_100));
    expect((await services.billing.limitsFor(erinId)).maxChannels).toBe(2);
    await send(subscription("updated", erinId, "unpaid", 1_800_000_200));
    expect((await services.billing.limitsFor(erinId)).maxChannels).toBe(1);
  });

  it("refuses bad signatures, bodies and events with a 400, and ignores unused types", async () => {
    const { request, send } = await setup();
    const frank = await createPerson(request);
    const frankId = await userIdOf(frank.email);
    const body = JSON.stringify(completed(frankId));
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: "whsec_someone_else",
    });
    expect((await send(body, forged)).status).toBe(400);
    expect((await send(body, "t=1,v1=00")).status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await send(body, stale)).status).toBe(400);
    expect((await send("not json")).status).toBe(400);
    expect((await send({ hello: "world" })).status).toBe(400);
    const missing = await request("/api/billing/stripe-webhook", {
      method: "POST",
      body: {},
    });
    expect(missing.status).toBe(400);
    const badShape = await send(
      event("customer.subscription.updated", { id: "sub_1", customer: "cus_1" }),
    );
    expect(badShape.status).toBe(400);
    expect((await (await send(event("invoice.paid", { id: "in_1" }))).json()).outcome).toBe(
      "ignored",
    );
    // None of these touched Frank's plan.
    const rows = await database.current.db
      .select()
      .from(accountPlan)
      .where(eq(accountPlan.userId, frankId));
    expect(rows).toEqual([]);
  });

  it("an event for an account that does not exist changes nothing", async () => {
    const { services } = await setup();
    const outcome = await applyStripeEvent(database.current.db, services.billing.catalogue, {
      ...completed("no-such-user"),
      data: { object: completed("no-such-user").data.object },
    });
    expect(outcome).toEqual({ outcome: "ignored", reason: "no such account" });
  });
});

describe("without Stripe's keys", () => {
  it("there is no webhook endpoint and no Stripe client", async () => {
    const { request, services } = await createTestApp(database.current, {
      env: { PLANS: JSON.stringify(plans) },
    });
    expect(services.billing.stripe).toBeUndefined();
    const response = await request("/api/billing/stripe-webhook", { method: "POST", body: {} });
    expect(response.status).toBe(404);
  });
});

describe("Checkout and the customer portal, against a stand-in of Stripe's API", () => {
  it("creates a subscription Checkout session naming the account, then a portal session", async () => {
    const { request, services } = await createTestApp(database.current, { env: billingEnv() });
    const { startCheckout, openBillingPortal } = await import("../../core/billing/checkout.ts");
    const gina = await createPerson(request);
    const ginaId = await userIdOf(gina.email);
    const deps = billingDeps(services, services.billing.stripe!);
    const before = standIn.calls.length;
    const { url } = await startCheckout(deps, { id: ginaId, email: gina.email }, { planId: "pro" });
    expect(url).toMatch(new RegExp(`^${standIn.origin}/pay/cs_test_\\d+$`));
    const call = standIn.calls[before]!;
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.authorization).toBe("Bearer sk_test_dropwave");
    expect(call.body.get("mode")).toBe("subscription");
    expect(call.body.get("line_items[0][price]")).toBe("price_pro");
    expect(call.body.get("client_reference_id")).toBe(ginaId);
    expect(call.body.get("customer_email")).toBe(gina.email);
    expect(call.body.get("subscription_data[metadata][userId]")).toBe(ginaId);

    await expect(
      startCheckout(deps, { id: ginaId, email: gina.email }, { planId: "gold" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(openBillingPortal(deps, ginaId)).rejects.toMatchObject({ code: "not_found" });

    await applyStripeEvent(database.current.db, services.billing.catalogue, completed(ginaId));
    await expect(
      startCheckout(deps, { id: ginaId, email: gina.email }, { planId: "pro" }),
    ).rejects.toMatchObject({ code: "conflict" });
    const portal = await openBillingPortal(deps, ginaId);
    expect(portal.url).toBe(`${standIn.origin}/portal/cus_${ginaId.slice(0, 8)}`);
    expect(standIn.calls.at(-1)?.body.get("return_url")).toBe(`${services.env.PUBLIC_URL}/user`);
  });
});
