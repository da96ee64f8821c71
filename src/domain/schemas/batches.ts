import { z } from 'zod';
import { MAX_LIST_LIMIT } from '../constants.js';
import { queryFlag } from './common.js';
import { calendarDay } from './dates.js';

/** Batches of products that track expiry (issue 17). */
export const BATCH_MESSAGES = {
  batchNo: 'Batch number is required',
  expiry: 'Expiry date is required',
  expired: 'Expiry date has already passed',
  notEnough: 'Not enough unexpired stock',
} as const;

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const optionalDay = (label: string) => z.preprocess(blank, calendarDay(label).optional());

const batchNo = z.preprocess(
  blank,
  z
    .string({ error: 'Batch number must be text' })
    .trim()
    .max(50, 'Batch number must be at most 50 characters')
    .refine((v) => ![...v].some((c) => c < ' ' || c === '\u007f'), 'Batch number cannot contain control characters')
    .optional(),
);

/**
 * Optional in the schema: whether they are required depends on the product (it tracks expiry or not), which the
 * database checks in the same statement as the change, after these format checks.
 */
export const batchFields = { batch_no: batchNo, expiry_date: optionalDay('Expiry date'), mfg_date: optionalDay('Manufacturing date') };
export const batchNoField = { batch_no: batchNo };

export const writeOffExpiredSchema = z.object({
  warehouse_id: z.string({ error: 'Warehouse is required' }).trim().min(1, 'Warehouse is required').max(64),
  /** Why (kept in the ledger rows' notes after 'Expired on …'), and a reference such as a debit note. */
  reason: z.string({ error: 'Reason must be text' }).trim().max(500, 'Reason must be at most 500 characters').optional(),
  reference_id: z.string({ error: 'Reference ID must be text' }).trim().max(100, 'Reference ID must be at most 100 characters').optional(),
});
export type WriteOffExpiredInput = z.infer<typeof writeOffExpiredSchema>;

const wholeDays = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(0, 'days must be 0 or more')
    .max(3650, 'days must be at most 3650')
    .default(7),
);

/** The expiry report's windows (issue 17), in days to expiry: expired, 0–3, 4–7 and 8–30. */
export const EXPIRY_WINDOWS = [
  { key: 'expired', label: 'Expired', from: null, to: -1 },
  { key: '0-3', label: '0–3 days', from: 0, to: 3 },
  { key: '4-7', label: '4–7 days', from: 4, to: 7 },
  { key: '8-30', label: '8–30 days', from: 8, to: 30 },
] as const;
export type ExpiryWindowKey = (typeof EXPIRY_WINDOWS)[number]['key'];
const windowKeys = EXPIRY_WINDOWS.map((w) => w.key) as [ExpiryWindowKey, ...ExpiryWindowKey[]];

const expiringFilters = {
  days: wholeDays,
  warehouse_id: z.preprocess(blank, z.string().trim().max(64).optional()),
  include_expired: queryFlag,
  /** One window's batches only (the totals of every window still come). */
  window: z.preprocess(blank, z.enum(windowKeys, { error: `window must be one of: ${windowKeys.join(', ')}` }).optional()),
};

export const expiringQuery = z.object({
  ...expiringFilters,
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(MAX_LIST_LIMIT),
});
export type ExpiringQuery = z.infer<typeof expiringQuery>;

/** The expiring stock as a CSV download: every batch of the filters, no page. */
export const expiringDownloadQuery = z.object(expiringFilters);
export type ExpiringDownloadQuery = z.infer<typeof expiringDownloadQuery>;

/** One window's batches, units and value (absent without 'costs: see'). */
export type ExpiryWindowTotal = { key: ExpiryWindowKey; batches: number; quantity: number; value?: number };

export type BatchRow = {
  batch_no: string;
  expiry_date: string | null;
  mfg_date: string | null;
  current_stock: number;
  expired: boolean;
  days_to_expiry: number | null;
};

export type ExpiringRow = {
  product_id: string;
  product_name: string;
  warehouse_id: string;
  warehouse_name: string;
  batch_no: string;
  expiry_date: string;
  days_to_expiry: number;
  quantity: number;
  /** quantity × unit cost: a cost figure, absent without 'costs: see'. */
  value?: number;
};
