import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";

/**
 * The account's own address and whether its owner proved they receive mail there (opened the
 * verification link, or a password-reset link). Until then nothing but the verification mail
 * goes to it: no alerts, no test sends, no notices (docs/decisions/0049).
 */
export type AccountEmail = { email: string; isVerified: boolean };

export async function getAccountEmail(db: Db, userId: string): Promise<AccountEmail | null> {
  const [row] = await db
    .select({ email: user.email, isVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** True when `address` is the account's own email and it is not verified yet. */
export function awaitsAccountVerification(address: string, account: AccountEmail): boolean {
  return !account.isVerified && address.trim().toLowerCase() === account.email.trim().toLowerCase();
}

/** What the delivery log and test results say for mail held until the address is verified. */
export const UNVERIFIED_ACCOUNT_EMAIL_REASON =
  "Not sent: confirm your account's email address first (open the link we mailed it)";
