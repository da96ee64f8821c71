import { textOf } from '../../../../domain/i18n/translations';
import type { DisplayLanguage } from '../../../../domain/i18n/languages';

export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string;

/**
 * The language files' texts in one language, for a pure function that a screen calls with the user's language
 * (`expiryText(days, language)`) and a caller elsewhere may call without one: English by default, as before.
 */
export const translator =
  (language: DisplayLanguage): Translate =>
  (key, params) =>
    textOf(key, language, params) ?? key;
