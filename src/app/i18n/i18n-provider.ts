import type { I18nProvider } from '@refinedev/core';
import { interpolate } from '../../domain/i18n/translations';
import { txNow } from '../crud/texts';
import { i18next, switchLanguage } from './i18n';

type Options = Record<string, string | number> | undefined;

/**
 * Refine's texts (buttons, notifications, a resource's menu label under `<name>.<name>`) through the language files:
 * a key of ours first; else Refine's own English default, found in the files by its words (catalogue.ts), so a label
 * declared in English ('Product Listing') reads in Hindi without a second key for it. One provider per language: Refine memoises what it translates (the menu's labels) on the provider, so a new one
 * makes it translate again when the language changes (App.tsx).
 */
export function providerFor(_language?: string): I18nProvider {
  return {
    translate: (key: string, options?: Options | string, defaultMessage?: string) => {
      const [params, fallback] = typeof options === 'string' ? [undefined, options] : [options, defaultMessage];
      if (i18next.exists(key)) return i18next.t(key, params ?? {});
      if (fallback === undefined) return key;
      return txNow(interpolate(fallback, params));
    },
    changeLocale: (language: string) => switchLanguage(language),
    getLocale: () => i18next.language,
  };
}
