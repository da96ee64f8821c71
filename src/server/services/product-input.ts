import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { categories, subcategories, type ColourVariant } from '../db/schema.js';
import { badRequest, isUuid } from '../http/errors.js';
import { storeImages, type ImageRef } from './image-service.js';

type Subcategory = typeof subcategories.$inferSelect;
/** A category or subcategory as the body names it: an id or a name, plus the optional explicit id. */
export type Ref = { value: string; id?: string };

/** Matches a row by id (when the text is one) or by name, case-insensitively; an exact name wins. */
function byIdOrName(idColumn: AnyColumn, nameColumn: AnyColumn, value: string): { where: SQL; exactFirst: SQL } {
  const byName = sql`lower(${nameColumn}) = lower(${value})`;
  return {
    where: isUuid(value) ? or(eq(idColumn, value.toLowerCase()), byName)! : byName,
    exactFirst: sql`(${nameColumn} = ${value}) desc`,
  };
}

async function resolveCategoryId(tx: Tx, ref: Ref): Promise<string> {
  if (ref.id !== undefined) {
    const [row] = isUuid(ref.id) ? await tx.select().from(categories).where(eq(categories.id, ref.id.toLowerCase())).limit(1) : [];
    if (!row) throw badRequest('category_id', 'Category not found');
    const same = ref.value.toLowerCase() === row.id || ref.value.toLowerCase() === row.name.toLowerCase();
    if (!same) throw badRequest('category', `Category '${ref.value}' does not match category_id (${row.name})`);
    return row.id;
  }
  const match = byIdOrName(categories.id, categories.name, ref.value);
  const [row] = await tx.select({ id: categories.id }).from(categories).where(match.where).orderBy(match.exactFirst).limit(1);
  if (!row) throw badRequest('category', 'Category not found');
  return row.id;
}

async function resolveSubcategory(tx: Tx, categoryId: string, ref: Ref): Promise<Subcategory> {
  const field = ref.id !== undefined ? 'subcategory_id' : 'subcategory';
  const value = ref.id ?? ref.value;
  const match = byIdOrName(subcategories.id, subcategories.name, value);
  const candidates =
    ref.id !== undefined
      ? isUuid(value)
        ? await tx.select().from(subcategories).where(eq(subcategories.id, value.toLowerCase()))
        : []
      : await tx.select().from(subcategories).where(match.where).orderBy(match.exactFirst);
  if (!candidates.length) throw badRequest(field, 'Subcategory not found');
  const sub = candidates.find((s) => s.categoryId === categoryId);
  if (!sub) throw badRequest(field, 'Subcategory does not belong to the selected category');
  if (ref.id !== undefined && ref.value.toLowerCase() !== sub.id && ref.value.toLowerCase() !== sub.name.toLowerCase()) {
    throw badRequest('subcategory', `Subcategory '${ref.value}' does not match subcategory_id (${sub.name})`);
  }
  return sub;
}

/** The category and subcategory a body names; the subcategory must belong to the category (else a 400 naming the field). */
export async function resolveClassification(tx: Tx, category: Ref, subcategory: Ref): Promise<{ categoryId: string; sub: Subcategory }> {
  const categoryId = await resolveCategoryId(tx, category);
  return { categoryId, sub: await resolveSubcategory(tx, categoryId, subcategory) };
}

/** Stores the uploaded images of a product (one batch) and answers the body with stored URLs in their place. */
export async function storeProductImages(
  tx: Tx,
  mainImage: string[] | undefined,
  colours: ColourVariant[] | undefined,
): Promise<{ mainImage?: string[]; colours?: ColourVariant[] }> {
  const refs: ImageRef[] = [];
  mainImage?.forEach((value, i) => refs.push({ field: `main_image.${i}`, value }));
  colours?.forEach((c, i) => c.images.forEach((value, j) => refs.push({ field: `colors.${i}.images.${j}`, value })));
  const urls = await storeImages(tx, refs);
  let next = 0;
  const take = (n: number) => urls.slice(next, (next += n));
  return {
    mainImage: mainImage && take(mainImage.length),
    colours: colours?.map((c) => ({ name: c.name, sizes: c.sizes, images: take(c.images.length) })),
  };
}
