import { badRequest, pgCode } from '../http/errors.js';

export const STOP_TRACKING_REFUSED = 'Sell or write off the dated batches of this product before it stops tracking expiry';

/** The tracking switch's trigger (migration 0008) refuses to stop while dated batches hold stock: a 400 on the field. */
export function trackingSwitchRefused(error: unknown) {
  return pgCode(error) === 'BX017' ? badRequest('tracks_expiry', STOP_TRACKING_REFUSED) : undefined;
}
