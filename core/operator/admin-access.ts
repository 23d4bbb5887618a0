import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

/**
 * Who may open /admin: the addresses in ADMIN_EMAILS (in any letter case) once the account has
 * proved it receives mail there, or, when it is unset, the first account made on the instance
 * (the person who set it up). Signing up with an operator's address is not enough: whoever
 * claimed `OPS@example.com` first, without opening the verification mail, is nobody here.
 */
export async function isOperator(
  db: Db,
  adminEmails: readonly string[],
  viewer: { id: string } | null,
): Promise<boolean> {
  if (!viewer) return false;
  if (adminEmails.length > 0) {
    // Read from the database, not the session: verification may be newer than the session.
    const [row] = await db
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, viewer.id))
      .limit(1);
    if (!row?.emailVerified) return false;
    const email = row.email.toLowerCase();
    return adminEmails.some((admin) => admin.toLowerCase() === email);
  }
  const [first] = await db
    .select({ id: user.id })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(1);
  return first?.id === viewer.id;
}
