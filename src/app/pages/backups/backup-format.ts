/** An archive's size as a person reads it: '812 KB', '5.3 MB', '1.24 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const [value, unit] = bytes < 1e6 ? [bytes / 1e3, 'KB'] : bytes < 1e9 ? [bytes / 1e6, 'MB'] : [bytes / 1e9, 'GB'];
  return `${value.toFixed(value < 10 ? 1 : 0)} ${unit}`;
}

/** How long ago an instant was, coarsely: 'just now', '12 min ago', '5 h ago', '3 days ago'. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** BACKUP_EVERY in words: 'every 6 h', 'every 30 min', 'every 2 days'. */
export function formatPeriod(seconds: number): string {
  if (seconds % 86_400 === 0) return `every ${seconds / 86_400 === 1 ? 'day' : `${seconds / 86_400} days`}`;
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
  return `every ${Math.round(seconds / 60)} min`;
}
