import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/helpers/db.ts";
import { verifyVapidHeader } from "../../tests/helpers/notify.ts";
import { appSetting } from "../db/schema/index.ts";
import { getVapidKeys, vapidSubject } from "./vapid-keys.ts";
import { vapidAuthorization } from "./web-push.ts";

const database = setupTestDatabase();

describe("getVapidKeys", () => {
  it("generates once, keeps the pair in the database, and agrees under concurrent callers", async () => {
    const { db } = database.current;
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => getVapidKeys(db, "mailto:admin@dropwave.example")),
    );
    expect(new Set(all.map((k) => k.publicKey)).size).toBe(1);
    const again = await getVapidKeys(db, "https://dropwave.example");
    expect(again.publicKey).toBe(all[0]?.publicKey);
    expect(again.subject).toBe("https://dropwave.example");
    // The stored private key signs for the stored public key.
    const header = vapidAuthorization("https://push.example/x", again, new Date());
    expect(verifyVapidHeader(header).publicKey).toBe(again.publicKey);
  });

  it("refuses a corrupted stored value rather than replacing it", async () => {
    const { db } = database.current;
    await getVapidKeys(db, "mailto:a@b.example");
    await db
      .update(appSetting)
      .set({ value: { publicKey: "nope" } })
      .where(eq(appSetting.key, "vapid_keys"));
    await expect(getVapidKeys(db, "mailto:a@b.example")).rejects.toThrow(/invalid/);
  });
});

describe("vapidSubject", () => {
  it("prefers a public https URL, else the sender's address", () => {
    expect(vapidSubject({ publicUrl: "https://deals.example/", mailFrom: "x@y.example" })).toBe(
      "https://deals.example",
    );
    expect(
      vapidSubject({
        publicUrl: "http://localhost:3000",
        mailFrom: "Dropwave <alerts@deals.example>",
      }),
    ).toBe("mailto:alerts@deals.example");
    expect(
      vapidSubject({ publicUrl: "http://192.168.1.5:3000", mailFrom: "me@home.example" }),
    ).toBe("mailto:me@home.example");
  });
});
