import en from './en.json';
import { PSEUDO_LANGUAGE, type DisplayLanguage, type Language } from './languages.js';

export type Tree = { [key: string]: string | Tree };

/** translateText's answers: emptied when a language is added. */
const TRANSLATED_MAX = 5000;
const translated = new Map<string, string>();

/** Each language's file as `key → text` ('inventory.lowStockWarning' → 'Low stock'). */
function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') into.set(key, value);
    else flatten(value, key, into);
  }
  return into;
}

/**
 * Each language's texts, English always (its texts are the keys' meaning); another language once it is added: the
 * server adds every one (catalogue.ts), the SPA only the one a person reads (src/app/i18n/i18n.ts loads it), so a
 * page in English never downloads the Hindi file.
 */
export const TRANSLATIONS: Partial<Record<Language, Tree>> & { en: Tree } = { en };
export const FLAT: Partial<Record<Language, Map<string, string>>> & { en: Map<string, string> } = { en: flatten(en) };

type LanguageAdded = (language: Language, tree: Tree) => void;
const whenAdded: LanguageAdded[] = [];

export const hasLanguage = (language: DisplayLanguage): boolean => language === PSEUDO_LANGUAGE || FLAT[language] !== undefined;

export function addLanguage(language: Language, tree: Tree): void {
  if (FLAT[language]) return;
  TRANSLATIONS[language] = tree;
  FLAT[language] = flatten(tree);
  translated.clear();
  for (const listener of whenAdded) listener(language, tree);
}

/** Calls `listener` for every language added from now on, and at once for each added already. */
export function onLanguageAdded(listener: LanguageAdded): void {
  whenAdded.push(listener);
  for (const [language, tree] of Object.entries(TRANSLATIONS) as [Language, Tree][]) listener(language, tree);
}

/** A parameter of these names is itself a text of ours (a field's label, an entity's name) and is translated too; any other is data. */
const TRANSLATED_PARAMS = new Set(['field', 'entity', 'label', 'status', 'action', 'role']);
const PARAM = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;
const HAS_PARAM = /\{\{\s*[a-zA-Z]+\s*\}\}/;
const FIELD_PREFIX = /^([a-z_][\w]*(?:\.[\w]+)*): (.+)$/s;

type Template = { key: string; pattern: RegExp; names: string[]; literal: number };

/** Exact English text → its key, and the English templates with parameters as patterns (longest literal text first). */
const byText = new Map<string, string>();
const templates: Template[] = [];
for (const [key, text] of FLAT.en) {
  if (!HAS_PARAM.test(text)) {
    if (!byText.has(text)) byText.set(text, key);
    continue;
  }
  const names: string[] = [];
  const source = text
    .split(PARAM)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names, literal: text.replace(PARAM, '').length });
}
templates.sort((a, b) => b.literal - a.literal);

export function interpolate(text: string, params: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(PARAM, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The key of an English text of ours and the values in its parameters, or undefined for a text we never wrote. */
export function keyOfText(text: string): { key: string; params: Record<string, string> } | undefined {
  const exact = byText.get(text);
  if (exact) return { key: exact, params: {} };
  for (const { key, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return undefined;
}

/** A key's text in a language with its parameters filled in; the pseudo language marks the English. */
export function textOf(key: string, language: DisplayLanguage, params?: Readonly<Record<string, string | number>>): string | undefined {
  const text = language === PSEUDO_LANGUAGE ? FLAT.en.get(key) : FLAT[language]?.get(key);
  if (text === undefined) return undefined;
  const filled = interpolate(text, params);
  return language === PSEUDO_LANGUAGE ? `⟦${filled}⟧` : filled;
}

/**
 * An English text of ours — a shared rule's message, a declaration's label, the API's answer — in another language.
 * The rules, declarations and services keep SPEC.md's English as their one source (the English product is unchanged
 * by construction); the language files carry each text once, under a key by meaning, and this finds the key by the
 * English. A text of several '; '-joined messages is translated part by part; a text we never wrote (data) is left.
 */
export function translateText(text: string, language: DisplayLanguage): string {
  if (language === 'en' || !text) return text;
  // Screens translate the same labels at every render, and a text of data tries every template before it is left as
  // it is (about 70 µs): the answers are remembered, a bounded number of short ones.
  const key = `${language}\u0000${text}`;
  const known = translated.get(key);
  if (known !== undefined) return known;
  if (translated.size >= TRANSLATED_MAX) translated.clear();
  const answer = translateUncached(text, language);
  if (text.length <= 500) translated.set(key, answer);
  return answer;
}

function translateUncached(text: string, language: Exclude<DisplayLanguage, 'en'>): string {
  if (!byText.has(text) && text.includes('; '))
    return text
      .split('; ')
      .map((part) => translateText(part, language))
      .join('; ');
  // A refusal's summary names a field by its API name where the message does not ('wards.0: Each ward must be text').
  const named = byText.has(text) ? null : FIELD_PREFIX.exec(text);
  if (named && keyOfText(named[2]!)) return `${named[1]}: ${translateText(named[2]!, language)}`;
  const found = keyOfText(text);
  if (!found) return text;
  const params = Object.fromEntries(
    Object.entries(found.params).map(([name, value]) => [name, TRANSLATED_PARAMS.has(name) ? translateParam(value, language) : value]),
  );
  return textOf(found.key, language, params) ?? text;
}

/** A parameter's text: translated where it is ours ('Product name'), lower-cased where the English was ('product name'). */
function translateParam(value: string, language: DisplayLanguage): string {
  const direct = translateText(value, language);
  if (direct !== value || language === PSEUDO_LANGUAGE) return direct;
  const capital = value.charAt(0).toUpperCase() + value.slice(1);
  return capital === value ? value : translateText(capital, language);
}

/** The stable code of a message of ours (its key), for a client that translates on its own. */
export function codeOfText(text: string): string | undefined {
  return keyOfText(text)?.key;
}
