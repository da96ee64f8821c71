import { z } from 'zod';
import { UNITS } from '../constants.js';
import { choice, money, optionalText, requiredText } from '../schemas/common.js';
import { DISCOUNT_ABOVE_MRP_MESSAGE, PRICE_NEGATIVE_MESSAGE, barcode, colours, mainImages, sku } from '../schemas/product-rules.js';
import { defineResource } from '../resource.js';
import type { ExportColumn } from '../list-csv.js';
import { PRODUCT_CSV_COLUMNS } from '../product-csv.js';

/**
 * SPEC.md section 2's Product Listing on the shared declaration. Its service stays its own (images, colour variants,
 * GST from the subcategory, SKU and barcode, stock columns, compiled list statements): src/server/resources/products.ts plugs
 * it in. Its form and most list cells are the SPA's (src/app/resources/products.tsx). An update is a PATCH of any
 * subset of the fields; the rules have no defaults but the images', so it can tell "not sent" from "sent empty".
 */
export const productsResource = defineResource({
  name: 'products',
  path: '/products',
  label: 'Products',
  menuLabel: 'Product Listing',
  hint: 'Product Listing, Add and Edit Product',
  entity: { title: 'Product', singular: 'product', plural: 'products' },
  api: { updateMethod: 'PATCH' },
  patch: true,
  fields: {
    productname: { kind: 'text', label: 'Product Name', rule: requiredText('Product name', 200), column: 'Product Name', sort: true, search: true },
    sku: { kind: 'text', label: 'SKU', rule: sku },
    barcode: { kind: 'text', label: 'Barcode', rule: barcode },
    product_hindi: { kind: 'text', label: 'Hindi Name', rule: optionalText('Hindi name', 200) },
    // Named, or given by id beside the name: the service resolves either.
    category: { kind: 'text', label: 'Category', rule: requiredText('Category', 100), column: 'Category' },
    subcategory: { kind: 'text', label: 'Subcategory', rule: requiredText('Subcategory', 100), column: 'Subcategory' },
    category_id: { kind: 'text', label: 'Category id', rule: optionalText('Category id', 64) },
    subcategory_id: { kind: 'text', label: 'Subcategory id', rule: optionalText('Subcategory id', 64) },
    product_keyword: { kind: 'text', label: 'Brand', rule: requiredText('Brand', 200) },
    price: { kind: 'money', label: 'MRP Price', rule: money('MRP price', PRICE_NEGATIVE_MESSAGE), column: 'Price', sort: true },
    discount_price: { kind: 'money', label: 'Discount Price', rule: money('Discount price', PRICE_NEGATIVE_MESSAGE), column: 'Discount Price', sort: true },
    product_description: { kind: 'text', label: 'Description', rule: requiredText('Description', 5000), input: 'textarea' },
    unit: { kind: 'choice', label: 'Unit', rule: choice(UNITS, 'Unit'), options: UNITS.map((u) => ({ value: u, label: u })) },
    unit_value: { kind: 'text', label: 'Unit Value', rule: requiredText('Unit value', 50) },
    // GST fields left out take the subcategory's.
    gst_rate: {
      kind: 'decimal',
      label: 'GST Rate (%)',
      rule: z.number({ error: 'GST rate must be a number' }).min(0, 'GST rate cannot be negative').max(100, 'GST rate must be at most 100').optional(),
    },
    gst_type: {
      kind: 'text',
      label: 'GST Type',
      rule: z.string({ error: 'GST type must be text' }).trim().max(50, 'GST type must be at most 50 characters').optional(),
    },
    hsn_code: {
      kind: 'text',
      label: 'HSN Code',
      rule: z.string({ error: 'HSN code must be text' }).trim().max(20, 'HSN code must be at most 20 characters').optional(),
    },
    // A new product without images has none; an update without them keeps its own.
    main_image: { kind: 'list', label: 'Main Images', rule: mainImages.default([]), updateRule: mainImages },
    // Colour variants (a colour, its sizes and images): the SPA's form edits them.
    colors: { kind: 'json', label: 'Colors', rule: colours.default([]), updateRule: colours },
    /** Left out on a new product: its subcategory decides (perishable subcategories track expiry). */
    tracks_expiry: { kind: 'boolean', label: 'Tracks Expiry', rule: z.boolean({ error: 'Tracks expiry must be true or false' }).optional() },
  },
  refine: {
    // On a PATCH, a price not sent is checked against the stored one by the service.
    check: ({ price, discount_price }) => typeof price !== 'number' || typeof discount_price !== 'number' || discount_price <= price,
    message: DISCOUNT_ABOVE_MRP_MESSAGE,
    path: ['discount_price'],
  },
  timestamps: { created: true, modified: true },
  screens: { list: '/product-listing', create: '/product-registration', edit: '/product-edit/:id' },
  menu: 'create',
  list: {
    title: 'Product Listing',
    createLabel: 'Add Product',
    emptyText: 'No products found',
    searchPlaceholder: 'Search products by name',
    // In the import's columns: export → edit → import round-trips.
    export: { columns: PRODUCT_CSV_COLUMNS.map((c): ExportColumn => ({ key: c.field, title: c.header })) },
  },
});
