/** The languages the product speaks. English is SPEC.md's, word for word; every other is a translation of it. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * A development language, never offered to users: every translated text is wrapped in ⟦ ⟧, so a text on a screen
 * without the marks was never translated (tests/e2e/pseudo-locale.test.ts).
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type DisplayLanguage = Language | typeof PSEUDO_LANGUAGE;

/** Each language by its own name, as a language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A browser's or a request's language tag ('hi-IN', 'HI', 'en-XA') as one the product speaks, if any. */
export function languageOfTag(tag: string): DisplayLanguage | undefined {
  const lower = tag.trim().toLowerCase();
  if (lower === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
  const base = lower.split('-')[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The language of a request from its Accept-Language header (RFC 9110: tags by descending q, q=0 refused): the first
 * one the product speaks, else English.
 */
export function languageOfHeader(header: string | undefined): DisplayLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
