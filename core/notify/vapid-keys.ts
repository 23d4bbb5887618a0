import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { appSetting } from "../db/schema/index.ts";
import { generateVapidKeys, type VapidKeys } from "./web-push.ts";

const SETTING_KEY = "vapid_keys";

const StoredVapidKeys = z.object({
  publicKey: z.string().regex(/^[\w-]{86,88}$/),
  privateKey: z.string().regex(/^[\w-]{42,44}$/),
});

/**
 * The instance's VAPID key pair: generated on first start and kept in `app_setting`, so every
 * process (web, workers, other machines) signs with the same key and browser subscriptions
 * survive restarts. The first writer wins a race; everyone reads its value. A stored value that
 * does not parse is an error, never silently replaced (that would orphan every subscription).
 */
export async function getVapidKeys(db: Db, subject: string): Promise<VapidKeys> {
  const fresh = generateVapidKeys(subject);
  await db
    .insert(appSetting)
    .values({
      key: SETTING_KEY,
      value: { publicKey: fresh.publicKey, privateKey: fresh.privateKey },
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, SETTING_KEY));
  const stored = StoredVapidKeys.safeParse(row?.value);
  if (!stored.success)
    throw new Error("the stored VAPID keys (app_setting vapid_keys) are invalid");
  return { ...stored.data, subject };
}

/**
 * The VAPID `sub` claim: the public https URL when there is one, else the sender's mailto:
 * (push services such as Apple's refuse http and localhost subjects).
 */
export function vapidSubject(options: { publicUrl: string; mailFrom: string }): string {
  const url = new URL(options.publicUrl);
  if (url.protocol === "https:" && url.hostname !== "localhost") return url.origin;
  const address = /<([^>]+)>/.exec(options.mailFrom)?.[1] ?? options.mailFrom.trim();
  return `mailto:${address}`;
}
