import { z } from "zod";
import { Money } from "../money/money.ts";
import type { PriceRecipe as PriceRecipeType } from "./recipe.ts";

/**
 * A price recipe as input (core/extract/recipe.ts describes and matches them): what the
 * server accepts from the extension. Bounded everywhere: a recipe is matched against every
 * later page of its product and its store.
 */
const Step = z.object({
  tag: z.string().min(1).max(40),
  id: z.string().max(200).nullable(),
  classes: z.array(z.string().max(200)).max(30),
  index: z.number().int().min(1).max(100_000),
});

export const PriceRecipe: z.ZodType<PriceRecipeType> = z.object({
  candidateKey: z.string().max(500).nullable(),
  element: Step.extend({
    attrs: z
      .record(z.string().max(60), z.string().max(200))
      .refine((a) => Object.keys(a).length <= 10, "At most 10 attributes."),
  }),
  ancestors: z.array(Step).max(8),
  label: z.string().max(60),
  sample: Money.refine((m) => m.amountMinor > 0, "The picked price must be above zero."),
});
export type PriceRecipe = PriceRecipeType;
