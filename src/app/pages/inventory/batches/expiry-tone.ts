import type { DisplayLanguage } from '../../../../domain/i18n/languages';
import { translator } from '../shared/translator';

/** How urgent an expiry looks: expired in red, within 3 days in orange (issue 17). */
export const SOON_DAYS = 3;

export function expiryColour(daysToExpiry: number | null): 'red' | 'orange' | undefined {
  if (daysToExpiry === null) return undefined;
  if (daysToExpiry < 0) return 'red';
  return daysToExpiry <= SOON_DAYS ? 'orange' : undefined;
}

/**
 * An expiry relative to today, the same words on every screen: 'Expired 3 days ago', 'Expires today', 'Expires in 3 days'
 * (in English unless a screen passes the user's language).
 */
export function expiryText(daysToExpiry: number | null, language: DisplayLanguage = 'en'): string {
  const t = translator(language);
  if (daysToExpiry === null) return t('batches.expiry.none');
  const days = Math.abs(daysToExpiry).toLocaleString('en-IN');
  if (daysToExpiry < 0) return daysToExpiry === -1 ? t('batches.expiry.expiredDay', { days }) : t('batches.expiry.expiredDays', { days });
  if (daysToExpiry === 0) return t('batches.expiry.today');
  return daysToExpiry === 1 ? t('batches.expiry.inDay', { days }) : t('batches.expiry.inDays', { days });
}
