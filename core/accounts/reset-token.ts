import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user, verification } from "../db/schema/index.ts";
import { isStorableText } from "../input.ts";

/**
 * The account a password-reset token belongs to, if the token is still usable. better-auth
 * stores a reset token as a verification row `reset-password:<token>` whose value is the
 * user id; it deletes the row when the token is used (tested in auth flows).
 */
export async function findResetTokenOwner(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string } | null> {
  // A token we wrote is plain ASCII: a NUL or broken text names nothing (and would fail the SQL).
  if (token.length === 0 || token.length > 200 || !isStorableText(token)) return null;
  const [row] = await db
    .select({ userId: user.id, email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}
