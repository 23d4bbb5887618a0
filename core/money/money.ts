import { z } from "zod";

/** Money: integer minor units of an ISO 4217 currency (JPY 0 digits, KWD 3, most 2). */
export const Money = z.object({
  amountMinor: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof Money>;
