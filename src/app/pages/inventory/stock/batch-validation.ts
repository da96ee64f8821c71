import type { Dayjs } from 'dayjs';
import { BATCH_MESSAGES } from '../../../../domain/schemas/batches';
import { businessDay } from '../../../../domain/business-days';
import type { FirstIssue } from './stock-validation';

export type BatchValues = { batch_no?: string; expiry_date?: Dayjs | null; mfg_date?: Dayjs | null };

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The batch fields as the API takes them (dates as YYYY-MM-DD). */
export const batchPayload = (v: BatchValues) => ({ batch_no: v.batch_no?.trim() || undefined, expiry_date: day(v.expiry_date), mfg_date: day(v.mfg_date) });

/**
 * The expiry date (YYYY-MM-DD) when it has already passed on the business's calendar (India), as the API counts it;
 * else null. Expired stock may still be received, to record it (it is never sold), once the person confirms.
 */
export function expiredOn(expiry: Dayjs | null | undefined, now = new Date()): string | null {
  const date = day(expiry);
  return date !== undefined && date < businessDay(now) ? date : null;
}

/** For a product that tracks expiry, after the other checks pass: the API's messages in its order. */
export function checkBatch(v: BatchValues): FirstIssue | null {
  if (!v.batch_no?.trim()) return { field: 'batch_no', message: BATCH_MESSAGES.batchNo };
  if (!v.expiry_date) return { field: 'expiry_date', message: BATCH_MESSAGES.expiry };
  if (v.mfg_date && v.mfg_date.isAfter(v.expiry_date, 'day')) return { field: 'mfg_date', message: 'Manufacturing date cannot be after the expiry date' };
  return null;
}
