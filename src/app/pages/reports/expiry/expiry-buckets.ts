import type { ExpiringRow } from '../../../../domain/schemas/batches';

/** The expiry report's windows (issue 17): expired, 0–3, 4–7 and 8–30 days. */
export const BUCKETS = [
  { key: 'expired', label: 'Expired', colour: 'red', test: (d: number) => d < 0 },
  { key: '0-3', label: '0–3 days', colour: 'orange', test: (d: number) => d >= 0 && d <= 3 },
  { key: '4-7', label: '4–7 days', colour: 'gold', test: (d: number) => d >= 4 && d <= 7 },
  { key: '8-30', label: '8–30 days', colour: 'blue', test: (d: number) => d >= 8 && d <= 30 },
] as const;
export const REPORT_DAYS = 30;

export type Bucket = (typeof BUCKETS)[number];
export type BucketTotal = { bucket: Bucket; quantity: number; value: number; batches: number };

export const bucketOf = (days: number): Bucket | undefined => BUCKETS.find((b) => b.test(days));

/** Quantity, value (summed in paise, so no float drift) and batch count per bucket. */
export function bucketTotals(rows: ExpiringRow[]): BucketTotal[] {
  return BUCKETS.map((bucket) => {
    const inside = rows.filter((r) => bucket.test(r.days_to_expiry));
    const paise = inside.reduce((s, r) => s + Math.round((r.value ?? 0) * 100), 0);
    return { bucket, quantity: inside.reduce((s, r) => s + r.quantity, 0), value: paise / 100, batches: inside.length };
  });
}

export const EXPIRY_CSV_HEADER = ['Bucket', 'Warehouse', 'Product', 'Batch', 'Expiry date', 'Days to expiry', 'Quantity', 'Value'];
export const expiryCsvRows = (rows: ExpiringRow[]) =>
  rows.map((r) => [
    bucketOf(r.days_to_expiry)?.label ?? '',
    r.warehouse_name,
    r.product_name,
    r.batch_no,
    r.expiry_date,
    r.days_to_expiry,
    r.quantity,
    r.value ?? '',
  ]);
