import { z } from "zod";
import type { AppServices } from "../../../app/context.ts";
import {
  CountryInput,
  countryFromLanguages,
  getUserCountry,
  setUserCountry,
} from "../../../core/accounts/country.ts";
import type { ApiRouter } from "./route.ts";

const CountryBody = z.object({
  /** The person's own country, or null: taken from the browser's language. */
  country: z.string().nullable(),
  /** The country the browser's language names now (this request's Accept-Language). */
  browserCountry: z.string().nullable(),
});

/** The person's country (core/accounts/country.ts): the same input as the /user form. */
export function mountCountryRoutes(api: ApiRouter, services: AppServices): void {
  const db = services.database.db;
  const tag = "Account";
  api.add(
    {
      method: "get",
      path: "/country",
      tag,
      summary: "Your country, for reading a currency sign a page does not decide",
      responses: { 200: { description: "The country", schema: CountryBody } },
    },
    async (c) =>
      c.json({
        country: await getUserCountry(db, c.get("auth").user.id),
        browserCountry: countryFromLanguages(c.req.header("accept-language")),
      }),
  );
  api.add(
    {
      method: "put",
      path: "/country",
      tag,
      summary: "Set your country (null: from the browser's language)",
      body: CountryInput,
      responses: { 200: { description: "The country as set", schema: CountryBody } },
    },
    async (c, { body }) => {
      const input = await body();
      return c.json({
        country: await setUserCountry(db, c.get("auth").user.id, input),
        browserCountry: countryFromLanguages(c.req.header("accept-language")),
      });
    },
  );
}
