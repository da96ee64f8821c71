import { z } from 'zod';
import { COLOURS, UNITS } from '../constants.js';
import { money, optionalText, requiredText } from './common.js';

export const PRICE_NEGATIVE_MESSAGE = 'Prices cannot be negative';
export const DISCOUNT_ABOVE_MRP_MESSAGE = 'Discount price cannot be more than the MRP price';
export const COLOUR_REQUIRED_MESSAGE = 'Please select a color first';
export const COLOUR_DUPLICATE_MESSAGE = 'This color has already been added';

/** An image is a data URL on upload, or the URL of an image we already store. */
const imageRef = z.string({ error: 'An image must be a data URL or a stored image URL' }).min(1).max(4_000_000);

export const colourVariantSchema = z.object({
  name: z.enum(COLOURS, { error: COLOUR_REQUIRED_MESSAGE }),
  sizes: z
    .array(z.string().max(50, 'A size must be at most 50 characters'))
    .default([])
    .transform((sizes) => sizes.map((s) => s.trim()).filter(Boolean)),
  images: z.array(imageRef).max(10, 'At most 10 images per colour').default([]),
});

export const productSchema = z
  .object({
    productname: requiredText('Product name', 200),
    product_hindi: optionalText('Hindi name', 200),
    category: requiredText('Category', 100),
    subcategory: requiredText('Subcategory', 100),
    category_id: optionalText('Category id', 64),
    subcategory_id: optionalText('Subcategory id', 64),
    product_keyword: requiredText('Brand', 200),
    price: money('MRP price', PRICE_NEGATIVE_MESSAGE),
    discount_price: money('Discount price', PRICE_NEGATIVE_MESSAGE),
    product_description: requiredText('Description', 5000),
    unit: z.enum(UNITS, { error: `Unit must be one of: ${UNITS.join(', ')}` }),
    unit_value: requiredText('Unit value', 50),
    gst_rate: z.number({ error: 'GST rate must be a number' }).min(0).max(100).optional(),
    gst_type: z.string().max(50).optional(),
    hsn_code: z.string().max(20).optional(),
    main_image: z.array(imageRef).max(5, 'At most 5 main images').default([]),
    colors: z
      .array(colourVariantSchema)
      .max(COLOURS.length)
      .default([])
      .refine((colours) => new Set(colours.map((c) => c.name)).size === colours.length, COLOUR_DUPLICATE_MESSAGE),
  })
  .refine((p) => p.discount_price <= p.price, { message: DISCOUNT_ABOVE_MRP_MESSAGE, path: ['discount_price'] });
export type ProductInput = z.infer<typeof productSchema>;
