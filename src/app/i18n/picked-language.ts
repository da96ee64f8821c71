import type { Language } from '../../domain/i18n/languages';

/**
 * A language picked on the login or a public page before signing in: the person's latest choice. On sign-in it is
 * kept for them (saved by the API) instead of the one they chose last time, which it replaces.
 */
let picked: Language | undefined;

export const pickBeforeSignIn = (language: Language): void => {
  picked = language;
};

/** The language picked before this sign-in, if any; asked once. */
export function takePickedLanguage(): Language | undefined {
  const language = picked;
  picked = undefined;
  return language;
}
