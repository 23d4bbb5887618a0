import { asc } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

/**
 * Who may open /admin: the addresses in ADMIN_EMAILS, or, when it is unset, the first account
 * made on the instance (the person who set it up).
 */
export async function isOperator(
  db: Db,
  adminEmails: readonly string[],
  viewer: { id: string; email: string } | null,
): Promise<boolean> {
  if (!viewer) return false;
  if (adminEmails.length > 0) {
    const email = viewer.email.toLowerCase();
    return adminEmails.some((admin) => admin.toLowerCase() === email);
  }
  const [first] = await db
    .select({ id: user.id })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(1);
  return first?.id === viewer.id;
}
