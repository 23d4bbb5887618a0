import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema/auth.ts";
import { product, storeRecipe } from "../db/schema/index.ts";
import { storedText } from "../input.ts";

/** A store's price recipe as the operator's page lists it (docs/decisions/0048). */
export type StoreRecipeRow = {
  host: string;
  /** What the picked spot showed, e.g. the label words next to the price. */
  label: string;
  sample: { amountMinor: number; currency: string };
  /** Who picked it (their email), null when their account is gone. */
  pickedBy: string | null;
  /** The product page it was picked on, when that product still exists. */
  productUrl: string | null;
  updatedAt: string;
};

/** Every store recipe, most recently picked first, with who picked it. */
export async function listStoreRecipes(db: Pick<Db, "select">): Promise<StoreRecipeRow[]> {
  const rows = await db
    .select({
      host: storeRecipe.host,
      recipe: storeRecipe.recipe,
      email: user.email,
      productUrl: product.url,
      updatedAt: storeRecipe.updatedAt,
    })
    .from(storeRecipe)
    .leftJoin(user, eq(user.id, storeRecipe.pickedBy))
    .leftJoin(product, eq(product.id, storeRecipe.productId))
    .orderBy(desc(storeRecipe.updatedAt))
    .limit(500);
  return rows.map((r) => ({
    host: r.host,
    label: r.recipe.label,
    sample: r.recipe.sample,
    pickedBy: r.email,
    productUrl: r.productUrl,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export const RemoveStoreRecipeInput = z.object({
  host: storedText({ label: "The store" }).min(1).max(300),
});
export type RemoveStoreRecipeInput = z.infer<typeof RemoveStoreRecipeInput>;

/**
 * The operator removes a store's recipe: it is no longer offered, and the products that
 * adopted it from the store (no person's own pick) read their pages as before. A person's own
 * pick on their watch, and a product's recipe a person picked, stay.
 */
export async function removeStoreRecipe(
  db: Db,
  input: RemoveStoreRecipeInput,
): Promise<{ isRemoved: boolean }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(storeRecipe)
      .where(eq(storeRecipe.host, input.host))
      .returning({ recipe: storeRecipe.recipe });
    if (!removed) return { isRemoved: false };
    await tx
      .update(product)
      .set({ recipe: null })
      .where(
        and(
          eq(product.host, input.host),
          isNull(product.recipeBy),
          sql`${product.recipe} = ${JSON.stringify(removed.recipe)}::jsonb`,
        ),
      );
    return { isRemoved: true };
  });
}
