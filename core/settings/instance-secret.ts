import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appSetting } from "../db/schema/index.ts";

/**
 * A secret shared by every process of the instance: the configured one, or one generated
 * on first start and kept in the database (so web and worker processes on other machines
 * agree without extra configuration). The first writer wins a race; everyone reads its value.
 */
export async function getInstanceSecret(db: Db, key: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await db.insert(appSetting).values({ key, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, key));
  if (typeof row?.value !== "string") throw new Error(`instance secret ${key} is not a string`);
  return row.value;
}
