import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/index.ts";
import { type CountryInput, countryFromLanguages } from "./country-input.ts";

export { COUNTRIES, CountryInput, countryFromLanguages } from "./country-input.ts";

export async function getUserCountry(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ country: user.country })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.country ?? null;
}

export async function setUserCountry(
  db: Db,
  userId: string,
  input: CountryInput,
): Promise<string | null> {
  await db.update(user).set({ country: input.country }).where(eq(user.id, userId));
  return input.country;
}

/** The country extraction breaks ties with: the person's setting, else their browser's. */
export async function readingCountry(
  db: Db,
  userId: string,
  acceptLanguage: string | null | undefined,
): Promise<string | null> {
  return (await getUserCountry(db, userId)) ?? countryFromLanguages(acceptLanguage);
}
