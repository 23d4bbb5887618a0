import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { apiToken, user } from "../db/schema/index.ts";
import { AppError } from "../errors.ts";
import { isStorableText, nameText } from "../input.ts";

/**
 * Personal API tokens (docs/decisions/0006-api-tokens.md). A token reads
 * `dw_<prefix>_<secret>`: 8 hex characters people can recognise it by, then 32 random bytes
 * in base64url. Only its SHA-256 is stored; the token itself is shown once, at creation.
 */

export const MAX_TOKENS_PER_USER = 50;
const TOKEN_PATTERN = /^dw_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per token, so reads don't all become writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * What a token may do: "full" — every /api/v1 route a signed-in person may use; "extension" —
 * only the routes the browser extension needs (who am I, look a page up, track from the
 * browser, pick a price, a browser reading), so a token kept in a browser extension cannot
 * read or change anything else (docs/decisions/0027-browser-extension.md).
 */
export const TokenScope = z.enum(["full", "extension"], {
  error: "A token's scope is full or extension.",
});
export type TokenScope = z.infer<typeof TokenScope>;

export const ApiTokenInput = z.object({
  name: nameText({ label: "The token's name", max: 60, emptyMessage: "Give the token a name." }),
  scope: TokenScope.default("full"),
});
export type ApiTokenInput = z.infer<typeof ApiTokenInput>;

/** What a token's owner sees in lists (never the token or its hash). */
export type ApiTokenSummary = {
  id: string;
  name: string;
  prefix: string;
  scope: TokenScope;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export type TokenUser = { id: string; email: string; name: string };

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createApiToken(
  db: Db,
  userId: string,
  input: { name: string; scope?: TokenScope },
): Promise<{ token: string; summary: ApiTokenSummary }> {
  const [existing] = await db
    .select({ n: count() })
    .from(apiToken)
    .where(eq(apiToken.userId, userId));
  if ((existing?.n ?? 0) >= MAX_TOKENS_PER_USER) {
    throw new AppError(
      "limit_reached",
      `You have ${MAX_TOKENS_PER_USER} tokens already; revoke one first.`,
    );
  }
  const prefix = `dw_${randomBytes(4).toString("hex")}`;
  const token = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiToken)
    .values({
      id: randomUUID(),
      userId,
      name: input.name,
      prefix,
      scope: input.scope ?? "full",
      tokenHash: hashApiToken(token),
    })
    .returning();
  if (!row) throw new Error("api token insert returned nothing");
  return { token, summary: toSummary(row) };
}

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(apiToken)
    .where(eq(apiToken.userId, userId))
    .orderBy(desc(apiToken.createdAt), desc(apiToken.id));
  return rows.map(toSummary);
}

/** Deletes one of the user's tokens; another user's id (or an unknown one) is not_found. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<void> {
  // An id we never wrote (a NUL, broken text) names nothing: 404, never a failed query.
  if (!isStorableText(tokenId)) throw new AppError("not_found", "No such token.");
  const deleted = await db
    .delete(apiToken)
    .where(and(eq(apiToken.id, tokenId), eq(apiToken.userId, userId)))
    .returning({ id: apiToken.id });
  if (deleted.length === 0) throw new AppError("not_found", "No such token.");
}

/** Deletes every token of a user (a password reset: whoever had the password may have made some). */
export async function revokeAllApiTokens(db: Db, userId: string): Promise<number> {
  const deleted = await db
    .delete(apiToken)
    .where(eq(apiToken.userId, userId))
    .returning({ id: apiToken.id });
  return deleted.length;
}

/**
 * The owner of a presented token, or null; notes when it was last used. The note is written
 * at most once a minute per token: a request whose token was used less than a minute ago
 * costs one read and no write.
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: TokenUser; tokenId: string; scope: TokenScope } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      tokenId: apiToken.id,
      scope: apiToken.scope,
      lastUsedAt: apiToken.lastUsedAt,
      id: user.id,
      email: user.email,
      name: user.name,
    })
    .from(apiToken)
    .innerJoin(user, eq(user.id, apiToken.userId))
    .where(eq(apiToken.tokenHash, hashApiToken(token)))
    .limit(1);
  if (!row) return null;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (row.lastUsedAt === null || row.lastUsedAt < staleBefore) {
    // The same condition again in SQL: of several processes noting it at once, one writes.
    await db
      .update(apiToken)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiToken.id, row.tokenId),
          or(isNull(apiToken.lastUsedAt), lt(apiToken.lastUsedAt, staleBefore)),
        ),
      );
  }
  return {
    user: { id: row.id, email: row.email, name: row.name },
    tokenId: row.tokenId,
    scope: row.scope,
  };
}

function toSummary(row: typeof apiToken.$inferSelect): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}
