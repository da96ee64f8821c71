import i18next from 'i18next';
import { translateText } from '../../domain/i18n/translations';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../domain/i18n/languages';

/** Puts an English text of ours into the user's language (`useT().tx`); `asIs` keeps it English. */
export type Tx = (text: string) => string;

export const asIs: Tx = (text) => text;

/**
 * The same as `useT().tx`, for a text read outside a render (a rule's message when a form is checked, a notification
 * when it opens): the language at that moment. The i18next instance itself, not src/app/i18n/i18n.ts, so that a module
 * using it loads without a page (English until i18n.ts has started).
 */
export const txNow: Tx = (text) => translateText(text, (i18next.language && languageOfTag(i18next.language)) || DEFAULT_LANGUAGE);

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const titleCase = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * A declared noun ('purchase order', 'cities') in the user's language: the language files hold it as declared, or
 * capitalised as a label says it ('Purchase order', 'Purchase Order'). English, or a noun without a translation, as it is.
 */
export function entityText(tx: Tx, noun: string): string {
  for (const candidate of [noun, capitalise(noun), titleCase(noun)]) {
    const translated = tx(candidate);
    if (translated !== candidate) return translated;
  }
  return noun;
}
