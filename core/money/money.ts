import { z } from "zod";
import { isCurrencyCode } from "./currencies.ts";

/** An ISO 4217 currency code (EUR, USD, JPY), upper case; anything else is refused. */
export const CurrencyCode = z
  .string({ error: "Give a currency code such as EUR or USD." })
  .refine(isCurrencyCode, "Use an ISO 4217 currency code such as EUR or USD.");

/** Money: integer minor units of an ISO 4217 currency (JPY 0 digits, KWD 3, most 2). */
export const Money = z.object({
  amountMinor: z
    .number({ error: "Give the amount in minor units (cents) as a whole number." })
    .int("Give the amount in minor units (cents) as a whole number.")
    .refine(Number.isSafeInteger, "This amount is too large."),
  currency: CurrencyCode,
});
export type Money = z.infer<typeof Money>;

/** A price as input: never negative. */
export const NonNegativeMoney = Money.extend({
  amountMinor: Money.shape.amountMinor.min(0, "A price cannot be negative."),
});

/** A target or threshold: a price above zero. */
export const PositiveMoney = Money.extend({
  amountMinor: Money.shape.amountMinor.min(1, "Set a price above zero."),
});
