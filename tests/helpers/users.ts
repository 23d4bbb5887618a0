import { randomUUID } from "node:crypto";
import type { Db } from "../../core/db/client.ts";
import { user } from "../../core/db/schema/index.ts";

/**
 * A user row seeded straight into the database (for tests that are not about accounts), its
 * address verified unless `isVerified: false` (mail goes only to verified addresses).
 */
export async function seedUser(
  db: Db,
  name = "Test Person",
  options: { isVerified?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.test`;
  await db.insert(user).values({ id, name, email, emailVerified: options.isVerified ?? true });
  return { id, email };
}
