import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { pageDocument } from "../tests/helpers/page-html.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";

/**
 * The product page's alert form as the server answers it (the real routes through Vite's SSR):
 * what a hand-made post gets, and the interval the form shows and sends back. Setting an alert
 * through the page in a browser is tests/e2e/hub.spec.ts's alert journey.
 */

const database = setupTestDatabase();
const pages = setupPageRoutes();

async function setUp() {
  const { request } = await pages.testApp.createTestApp(database.current, {
    pageHandler: pages.pageHandler,
    // The operator's floor: the form's choices start there.
    env: { MIN_CHECK_INTERVAL_MINUTES: "1" },
  });
  const person = await pages.testApp.createPerson(request);
  // Tracked from a reading (as the extension sends one): no store to fetch.
  const created = await request("/api/v1/extension/watches", {
    headers: person.auth,
    body: {
      url: "https://shop.example/interval-kettle",
      reading: {
        title: "Interval Kettle",
        imageUrl: null,
        price: { amountMinor: 2000, currency: "USD" },
        availability: "in_stock",
      },
    },
  });
  expect(created.status).toBeLessThan(300);
  const watchId = ((await created.json()) as { watch: { id: string } }).watch.id;
  const path = `/hub/watch/${watchId}`;
  /** The interval select as the page renders it. */
  const interval = async () => {
    const document = await pageDocument(await request(path, { cookie: person.cookie }));
    const select = document.querySelector<HTMLSelectElement>('select[name="intervalMinutes"]');
    return {
      value: select?.value,
      first: select?.options[0]?.textContent,
      chosen: select?.selectedOptions[0]?.textContent,
    };
  };
  /** The alert form's post, as the page's form (or a script) sends it. */
  const postUpdate = (intervalMinutes: string) =>
    request(path, {
      method: "POST",
      cookie: person.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      rawBody: new URLSearchParams({
        intent: "update",
        ruleKind: "any_drop",
        intervalMinutes,
      }).toString(),
    });
  return { request, person, watchId, interval, postUpdate };
}

describe("the product page's alert form", () => {
  it("refuses an interval that is not a number, or past a day, with a 400, and keeps the interval", async () => {
    const { interval, postUpdate } = await setUp();
    for (const intervalMinutes of ["abc", "99999"]) {
      expect((await postUpdate(intervalMinutes)).status, intervalMinutes).toBe(400);
    }
    expect((await interval()).value).toBe("360");
  });

  it("offers intervals from the operator's floor, shows one set through the API, and saving keeps it", async () => {
    const { request, person, watchId, interval, postUpdate } = await setUp();
    expect((await interval()).first).toBe("every 1 min");
    const patched = await request(`/api/v1/watches/${watchId}`, {
      method: "PATCH",
      headers: person.auth,
      body: { intervalMinutes: 2 },
    });
    expect(patched.status).toBe(200);
    expect(await interval()).toMatchObject({ value: "2", chosen: "every 2 min" });
    // "Save alert", the form untouched: the interval it sends back is the one it showed.
    expect((await postUpdate("2")).status).toBe(200);
    expect((await interval()).value).toBe("2");
  });
});
