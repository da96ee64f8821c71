import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import hiIN from 'antd/es/locale/hi_IN';
import { PSEUDO_LANGUAGE } from '../../domain/i18n/languages';

/** antd's English with every text marked as the pseudo language marks ours; its date formats and locale names kept. */
function marked<T>(value: T, key = ''): T {
  if (typeof value === 'string') return (key === 'locale' || key.endsWith('Format') ? value : `⟦${value}⟧`) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => marked(item)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, marked(v, k)])) as T;
  return value;
}

let pseudoLocale: Locale | undefined;

/** antd's own texts (pagination, date pickers, Popconfirm) in a language: `hi_IN`, marked English, or antd's default. */
export function antdLocaleOf(language: string): Locale | undefined {
  if (language === 'hi') return hiIN;
  if (language === PSEUDO_LANGUAGE) return (pseudoLocale ??= marked(enUS));
  return undefined;
}
