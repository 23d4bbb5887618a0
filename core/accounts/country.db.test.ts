import { describe, expect, it } from "vitest";
import { createPerson, createTestApp } from "../../tests/helpers/app.ts";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { readingCountry } from "./country.ts";

const database = setupTestDatabase();

describe("a person's country (PUT /api/v1/country, the /user form's schema)", () => {
  it("defaults to the browser's language, is set and cleared, and wins over the browser", async () => {
    const { request } = await createTestApp(database.current);
    const person = await createPerson(request);
    const headers = { ...person.auth, "accept-language": "es-MX,es;q=0.9" };
    const first = await request("/api/v1/country", { headers });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ country: null, browserCountry: "MX" });

    const set = await request("/api/v1/country", {
      method: "PUT",
      body: { country: "ar" },
      headers,
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ country: "AR", browserCountry: "MX" });

    const refused = await request("/api/v1/country", {
      method: "PUT",
      body: { country: "ZZ" },
      headers,
    });
    expect(refused.status).toBe(400);

    const me = await request("/api/v1/me", { headers });
    const { id } = (await me.json()) as { id: string };
    const db = database.current.db;
    expect(await readingCountry(db, id, "es-MX")).toBe("AR");
    await request("/api/v1/country", { method: "PUT", body: { country: null }, headers });
    expect(await readingCountry(db, id, "es-MX")).toBe("MX");
  });
});
