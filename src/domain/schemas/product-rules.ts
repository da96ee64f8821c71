import { z } from 'zod';
import { COLOURS } from '../constants.js';
import { optionalText } from './common.js';
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

export const mainImages = z.array(imageRef).max(5, 'At most 5 main images');
export const colours = z
  .array(colourVariantSchema)
  .max(COLOURS.length)
  .refine((list) => new Set(list.map((c) => c.name)).size === list.length, COLOUR_DUPLICATE_MESSAGE);

export const SKU_PATTERN_MESSAGE = 'SKU may contain letters, digits and - _ . / only';

/** Optional; unique in the catalogue whatever its case (the database's unique index on lower(sku)). */
export const sku = optionalText('SKU', 64).refine((v) => v === undefined || /^[A-Za-z0-9][A-Za-z0-9\-_./]*$/.test(v), SKU_PATTERN_MESSAGE);

/** Optional; unique; an EAN-13, EAN-8 or UPC-A whose check digit is right. */
export const barcode = optionalText('Barcode', 13)
  .refine((v) => v === undefined || looksLikeBarcode(v), { message: BARCODE_FORMAT_MESSAGE, abort: true })
  .refine((v) => v === undefined || hasValidCheckDigit(v), BARCODE_CHECK_DIGIT_MESSAGE);
