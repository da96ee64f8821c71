import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../domain/i18n/translations';
import { DEFAULT_LANGUAGE, languageOfTag } from '../../domain/i18n/languages';

/**
 * The texts of a component in the user's language: `t('login.title')` for a text of the component's own, `tx(text)` for an
 * English text it is handed (a declaration's label, a shared rule's message, the server's words). react-i18next's
 * hook rather than Refine's useTranslation: it renders the component again when the language changes.
 */
export function useT() {
  const { t, i18n } = useTranslation();
  const language = languageOfTag(i18n.language) ?? DEFAULT_LANGUAGE;
  const tx = useCallback((text: string) => translateText(text, language), [language]);
  return { t, tx, language };
}
