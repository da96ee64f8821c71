import { z } from 'zod';
import { COLOURS, STOCK_STATUSES, UNITS } from '../constants.js';
import { choice, money, optionalText, requiredText } from './common.js';
import { BARCODE_CHECK_DIGIT_MESSAGE, BARCODE_FORMAT_MESSAGE, hasValidCheckDigit, looksLikeBarcode } from '../barcode.js';

export const PRICE_NEGATIVE_MESSAGE = 'Prices cannot be negative';
export const DISCOUNT_ABOVE_MRP_MESSAGE = 'Discount price cannot be more than the MRP price';
export const COLOUR_REQUIRED_MESSAGE = 'Please select a color first';
export const COLOUR_DUPLICATE_MESSAGE = 'This color has already been added';

/**
 * An image is a data URL on upload, or the URL of an image we already store. The server checks the
 * bytes and the size (IMAGE_MAX_BYTES); this cap only stops absurd strings early.
 */
const imageRef = z
  .string({ error: 'An image must be a data URL or a stored image URL' })
  .min(1, 'An image must be a data URL or a stored image URL')
  .max(4_000_000, 'Image is too large');

export const colourVariantSchema = z.object({
  name: z.enum(COLOURS, { error: COLOUR_REQUIRED_MESSAGE }),
  sizes: z
    .array(z.string().max(50, 'A size must be at most 50 characters'))
    .default([])
    .transform((sizes) => sizes.map((s) => s.trim()).filter(Boolean)),
  images: z.array(imageRef).max(10, 'At most 10 images per colour').default([]),
});

const mainImages = z.array(imageRef).max(5, 'At most 5 main images');
const colours = z
  .array(colourVariantSchema)
  .max(COLOURS.length)
  .refine((list) => new Set(list.map((c) => c.name)).size === list.length, COLOUR_DUPLICATE_MESSAGE);

export const SKU_PATTERN_MESSAGE = 'SKU may contain letters, digits and - _ . / only';

/** Optional; unique in the catalogue whatever its case (the database's unique index on lower(sku)). */
const sku = optionalText('SKU', 64).refine((v) => v === undefined || /^[A-Za-z0-9][A-Za-z0-9\-_./]*$/.test(v), SKU_PATTERN_MESSAGE);

/** Optional; unique; an EAN-13, EAN-8 or UPC-A whose check digit is right. */
const barcode = optionalText('Barcode', 13)
  .refine((v) => v === undefined || looksLikeBarcode(v), { message: BARCODE_FORMAT_MESSAGE, abort: true })
  .refine((v) => v === undefined || hasValidCheckDigit(v), BARCODE_CHECK_DIGIT_MESSAGE);

/** Without defaults, so a partial update can tell "not sent" from "sent empty". */
const productFields = {
  productname: requiredText('Product name', 200),
  sku,
  barcode,
  product_hindi: optionalText('Hindi name', 200),
  category: requiredText('Category', 100),
  subcategory: requiredText('Subcategory', 100),
  category_id: optionalText('Category id', 64),
  subcategory_id: optionalText('Subcategory id', 64),
  product_keyword: requiredText('Brand', 200),
  price: money('MRP price', PRICE_NEGATIVE_MESSAGE),
  discount_price: money('Discount price', PRICE_NEGATIVE_MESSAGE),
  product_description: requiredText('Description', 5000),
  unit: choice(UNITS, 'Unit'),
  unit_value: requiredText('Unit value', 50),
  gst_rate: z.number({ error: 'GST rate must be a number' }).min(0, 'GST rate cannot be negative').max(100, 'GST rate must be at most 100').optional(),
  gst_type: z.string({ error: 'GST type must be text' }).trim().max(50, 'GST type must be at most 50 characters').optional(),
  hsn_code: z.string({ error: 'HSN code must be text' }).trim().max(20, 'HSN code must be at most 20 characters').optional(),
  main_image: mainImages,
  colors: colours,
  /** Left out on a new product: its subcategory decides (perishable subcategories track expiry). */
  tracks_expiry: z.boolean({ error: 'Tracks expiry must be true or false' }).optional(),
};

const discountWithinMrp = { message: DISCOUNT_ABOVE_MRP_MESSAGE, path: ['discount_price'] };

export const productSchema = z
  .object({ ...productFields, main_image: mainImages.default([]), colors: colours.default([]) })
  .refine((p) => p.discount_price <= p.price, discountWithinMrp);
export type ProductInput = z.infer<typeof productSchema>;

/** PATCH: any subset of the fields; what is not sent keeps its stored value. */
export const productPatchSchema = z
  .object(productFields)
  .partial()
  .refine((p) => p.price === undefined || p.discount_price === undefined || p.discount_price <= p.price, discountWithinMrp);
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const productListQuery = z.object({
  warehouse_id: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)),
  /** Exact barcode: what a scanner typed. */
  barcode: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)),
  category_id: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)),
  subcategory_id: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)),
  /** In, low or out of stock: across all warehouses, or in `warehouse_id`'s. */
  stock_status: z.enum(STOCK_STATUSES, { error: `stock_status must be one of: ${STOCK_STATUSES.join(', ')}` }).optional(),
});

export const autocompleteQuery = z.object({ q: z.string().trim().max(200).optional().default('') });
