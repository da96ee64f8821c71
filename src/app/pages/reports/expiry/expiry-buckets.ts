import { EXPIRY_WINDOWS, type ExpiryWindowKey, type ExpiryWindowTotal } from '../../../../domain/schemas/batches';

const COLOURS: Record<ExpiryWindowKey, string> = { expired: 'red', '0-3': 'orange', '4-7': 'gold', '8-30': 'blue' };

/** The expiry report's windows (issue 17; their days in src/domain): expired, 0–3, 4–7 and 8–30 days. */
export const BUCKETS = EXPIRY_WINDOWS.map((w) => ({
  ...w,
  colour: COLOURS[w.key],
  test: (d: number) => (w.from === null || d >= w.from) && d <= w.to,
}));
export const REPORT_DAYS = 30;

export type Bucket = (typeof BUCKETS)[number];
export type BucketTotal = { bucket: Bucket; quantity: number; value: number; batches: number };

export const bucketOf = (days: number): Bucket | undefined => BUCKETS.find((b) => b.test(days));

/** Each window's units, value and batches, as the API summed them over every matching batch. */
export function bucketTotals(windows: ExpiryWindowTotal[] | undefined): BucketTotal[] {
  return BUCKETS.map((bucket) => {
    const total = windows?.find((w) => w.key === bucket.key);
    return { bucket, quantity: total?.quantity ?? 0, value: total?.value ?? 0, batches: total?.batches ?? 0 };
  });
}
