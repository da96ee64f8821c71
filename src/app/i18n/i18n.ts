import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type PostProcessorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import hindiFile from '../../domain/i18n/hi.json?url';
import { addLanguage, hasLanguage, onLanguageAdded, TRANSLATIONS, type Tree } from '../../domain/i18n/translations';
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, languageOfTag, type DisplayLanguage, type Language } from '../../domain/i18n/languages';

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
    resources: { en: { translation: TRANSLATIONS.en }, [PSEUDO_LANGUAGE]: { translation: TRANSLATIONS.en } },
    lng: initialLanguage(),
    // Only while a language's file has not arrived (offline at the first paint): every file has every key (language-files.test.ts).
    fallbackLng: 'en',
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

// A language's file reaches i18next whenever it is added (loadLanguage, or every one at once in the unit tests).
onLanguageAdded((language, tree) => {
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', tree);
});

/**
 * Each language but English as a file of its own (English is the keys' meaning, and the product's default), fetched as
 * data rather than imported as a module: a browser keeps a failed module import for good, so a switch tried offline
 * could never succeed later without a reload.
 */
const LANGUAGE_FILES: Record<Exclude<Language, 'en'>, string> = { hi: hindiFile };

async function fetchLanguage(url: string): Promise<Tree> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as Tree;
}

/** Downloads a language's texts unless they are here: before the first render, and before a switch. */
export async function loadLanguage(language: string): Promise<void> {
  const known = languageOfTag(language);
  if (!known || known === 'en' || known === PSEUDO_LANGUAGE || hasLanguage(known)) return;
  addLanguage(known, await fetchLanguage(LANGUAGE_FILES[known]));
}

/**
 * Switches once the language's texts are here, never to a screen of keys; false when they could not be downloaded
 * (offline): the language stays as it was, and the switch shows it.
 */
export async function switchLanguage(language: string): Promise<boolean> {
  try {
    await loadLanguage(language);
  } catch {
    return false;
  }
  await i18next.changeLanguage(language);
  return true;
}

export { i18next };
