/** A text of the language files in the user's language (useT's `t`). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** An archive's size as a person reads it: '812 KB', '5.3 MB', '1.24 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'KB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${value.toFixed(value < 10 ? 1 : 0)} ${unit}`;
}

/*
 * The number comes first in Hindi as in English ('3 days ago', '3 दिन पहले'; 'every 6 h', 'हर 6 घंटे'): the words around
 * it are keys of their own, so that no short template ('{{count}} days ago') would catch other texts by their words.
 */

/** How long ago an instant was, coarsely: 'just now', '12 min ago', '5 h ago', '3 days ago'. */
export function formatAge(iso: string, t: Translate, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('backups.age.justNow');
  if (minutes < 60) return `${minutes} ${t('backups.age.minutesAgo')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${t('backups.age.hoursAgo')}`;
  return `${Math.floor(hours / 24)} ${t('backups.age.daysAgo')}`;
}

/** BACKUP_EVERY in words: 'every 6 h', 'every 30 min', 'every 2 days'. */
export function formatPeriod(seconds: number, t: Translate): string {
  const every = (count: number, unit: string) => `${t('backups.every.every')} ${count} ${unit}`;
  if (seconds % 86_400 === 0) return seconds / 86_400 === 1 ? t('backups.every.day') : every(seconds / 86_400, t('backups.every.days'));
  if (seconds % 3600 === 0) return every(seconds / 3600, t('backups.every.hours'));
  return every(Math.round(seconds / 60), t('backups.every.minutes'));
}
