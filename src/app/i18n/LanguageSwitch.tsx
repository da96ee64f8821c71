import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../domain/i18n/languages';
import { switchLanguage } from './i18n';
import { useT } from './use-t';
import './language-switch.css';

/**
 * English / हिन्दी, each in its own words, on the login page and in the header: a plain select (the login page carries no
 * antd). `onChosen` keeps a signed-in user's choice on the server too.
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, language } = useT();
  return (
    <select
      className="language-switch"
      aria-label={t('language.label')}
      value={language}
      onChange={(event) => {
        const chosen = event.target.value as Language;
        void switchLanguage(chosen).then((switched) => switched && onChosen?.(chosen));
      }}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
