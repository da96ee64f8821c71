import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';

/** The rules of stock quantities and costs, shared by the stock movements' bodies and the inventory record's declaration. */

/** Largest balance one product may have in one warehouse; keeps every sum far from integer overflow. */
export const MAX_STOCK = 100_000_000;
/** Largest quantity of one movement and largest unit cost: their product always fits numeric(12,2). */
export const MAX_MOVEMENT_QUANTITY = 100_000;
export const MAX_UNIT_COST = 99_999.99;

/** SPEC.md section 5, inventory add: these messages, checked in this order. */
export const STOCK_MESSAGES = {
  product: 'Product is required',
  warehouse: 'Warehouse is required',
  quantity: 'Quantity is required and must be positive',
  unitCost: 'Unit cost is required and must be positive',
  reason: 'Movement reason is required',
  referenceId: 'Reference ID is required',
  referenceType: 'Reference type is required',
  notes: 'Notes are required',
  seller: 'Seller is required for purchase',
} as const;

/** Form fields arrive as numbers or numeric text; blank text counts as missing. */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v), schema);

export const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required.*$/, '')} must be at most ${max} characters`);

export const wholeNumber = (label: string, min: number, max: number, message = `${label} must be a whole number of at least ${min}`) =>
  numeric(z.number({ error: message }).int(`${label} must be a whole number`).min(min, message).max(max, `${label} must be at most ${max}`));

export const stockLevel = (label: string) => wholeNumber(label, 0, MAX_STOCK, `${label} must be a whole number, 0 or more`);

export const unitCost = (message: string, min: number) =>
  numeric(
    z
      .number({ error: message })
      .min(min, message)
      .max(MAX_UNIT_COST, `Unit cost must be at most ${MAX_UNIT_COST}`)
      .refine(hasAtMostTwoDecimals, 'Unit cost may have at most 2 decimals'),
  );

/** A maximum of 0 means "no maximum set". */
export const minNotAboveMax = (r: { minimum_stock?: number; maximum_stock?: number }) =>
  !r.maximum_stock || r.minimum_stock === undefined || r.minimum_stock <= r.maximum_stock;
export const MIN_ABOVE_MAX_MESSAGE = 'Minimum stock cannot be more than maximum stock';
