import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TRANSLATIONS } from '../../domain/i18n/catalogue';
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, languageOfTag, type DisplayLanguage } from '../../domain/i18n/languages';

/** Where a browser keeps its language (the signed-in user's is also kept by the API: see use-language.ts). */
export const LANGUAGE_STORAGE_KEY = 'language';

dayjs.extend(updateLocale);
// Dates read as CLDR writes them in India ('24 नव॰ 2026', as Intl does), not dayjs's own abbreviations ('नव.').
dayjs.updateLocale('hi', { monthsShort: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'] });

function storedLanguage(): DisplayLanguage | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored ? languageOfTag(stored) : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's choice, else Hindi when the browser asks for Hindi first among ours, else English. */
export function initialLanguage(): DisplayLanguage {
  const stored = storedLanguage();
  if (stored) return stored;
  const asked = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of asked) {
    const language = languageOfTag(tag);
    if (language && language !== PSEUDO_LANGUAGE) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The pseudo language marks every text it translates: a text without ⟦ ⟧ on a screen was never translated. */
const pseudo: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudo',
  process: (value: string) => (i18next.language === PSEUDO_LANGUAGE ? `⟦${value}⟧` : value),
};

void i18next
  .use(pseudo)
  .use(initReactI18next)
  .init({
    resources: {
      en: { translation: TRANSLATIONS.en },
      hi: { translation: TRANSLATIONS.hi },
      [PSEUDO_LANGUAGE]: { translation: TRANSLATIONS.en },
    },
    lng: initialLanguage(),
    fallbackLng: false,
    // React escapes what it renders; the texts carry no markup but for <Trans>'s named tags.
    interpolation: { escapeValue: false },
    postProcess: ['pseudo'],
    returnNull: false,
    initAsync: false,
    // i18next 25 prints an advertisement to every user's console otherwise.
    showSupportNotice: false,
  });

function applyToDocument(language: string) {
  const base = language === PSEUDO_LANGUAGE ? 'en' : language;
  document.documentElement.lang = base;
  dayjs.locale(base);
}
applyToDocument(i18next.language);
i18next.on('languageChanged', (language) => {
  applyToDocument(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A browser that keeps nothing (private mode, full storage) still switches for this visit.
  }
});

export { i18next };
