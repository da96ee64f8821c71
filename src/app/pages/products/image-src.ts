import { API_URL } from '../../config';

/**
 * Stored images are answered as `/api/images/<hash>.<ext>`. When the SPA talks to an API on another origin
 * (VITE_API_URL), that path belongs to the API's origin; data URLs and same-origin paths are used as they are.
 */
export function imageSrc(url: string): string {
  if (url.startsWith('/api/') && /^https?:\/\//i.test(API_URL)) return new URL(url, API_URL).href;
  return url;
}
