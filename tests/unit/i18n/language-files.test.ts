import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAT } from '../../../src/domain/i18n/catalogue';
import { LANGUAGES } from '../../../src/domain/i18n/languages';

/**
 * The language files against the code: every key the code names exists in every language, no file keeps a key nothing
 * uses, and each language fills in the same parameters. A key is used when the code names it (t('menu.dashboard'),
 * i18nKey="…"), when its English text is written in the code (a declaration's label, a rule's message: found by those
 * words, catalogue.ts), or when Refine itself asks for it (its buttons, notifications and pages).
 */
const ROOT = path.resolve(__dirname, '../../..');
const REFINE_KEYS = /^(buttons|notifications|pages|actions|table)\.|^warnWhenUnsavedChanges$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const sources = sourceFiles(path.join(ROOT, 'src')).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));
const allSource = sources.map((s) => s.text).join('\n');

const KEY_USES = [/\b(?:t|translate)\(\s*'([\w.]+)'/g, /\b(?:t|translate)\(\s*"([\w.]+)"/g, /i18nKey=(?:\{)?["']([\w.]+)["']/g];
const usedKeys = new Set(sources.flatMap(({ text }) => KEY_USES.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!))));

const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

/** Whether the code writes this English text (a template's parameters as `${…}`, or any words between its fixed parts). */
function writtenInCode(text: string): boolean {
  if (!/\{\{/.test(text)) return allSource.includes(text);
  const parts = text.split(/\{\{\s*\w+\s*\}\}/).filter((part) => part.trim());
  return parts.every((part) => allSource.includes(part));
}

describe('the language files', () => {
  it('have the same keys in every language', () => {
    const english = [...FLAT.en.keys()].sort();
    for (const language of LANGUAGES) expect([...FLAT[language]!.keys()].sort(), language).toEqual(english);
  });

  it('fill in the same parameters and tags in every language, and leave no text empty', () => {
    for (const language of LANGUAGES) {
      for (const [key, english] of FLAT.en) {
        const text = FLAT[language]!.get(key) ?? '';
        expect(text.trim(), `${language}: ${key}`).not.toBe('');
        expect(params(text), `${language}: ${key}`).toEqual(params(english));
        expect(tags(text), `${language}: ${key}`).toEqual(tags(english));
      }
    }
  });

  it('translate every text (a copy of the English left in hi.json is not a translation)', () => {
    // Texts that read the same in Hindi: codes and names people use as they are.
    const sameInHindi = /^(GST|SKU|HSN|CSV|JSON|PDF|ID|OK|MRP|FEFO|AVCO|UTC|IST|ETag|₹|—|-|\s|\d|[{}]|[^A-Za-z])*$/;
    // Its words: a {{param}} is filled in with data, not read as written.
    const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');
    const untranslated = [...FLAT.en].filter(
      ([key, english]) => FLAT.hi!.get(key) === english && /[A-Za-z]/.test(words(english)) && !sameInHindi.test(words(english)),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });

  it('translate the same English alike wherever it is written (the code finds a key by its English)', () => {
    const byEnglish = new Map<string, string>();
    for (const [key, english] of FLAT.en) {
      const first = byEnglish.get(english);
      if (!first) byEnglish.set(english, key);
      else for (const language of LANGUAGES) expect(FLAT[language]!.get(key), `${language}: ${key} and ${first}`).toBe(FLAT[language]!.get(first));
    }
  });

  it('hold every key the code names', () => {
    const missing = [...usedKeys].filter((key) => !FLAT.en.has(key));
    expect(missing).toEqual([]);
  });

  it('name keys in the code literally, so this test can check them', () => {
    const computed = sources.filter(({ text }) => /\b(?:t|translate)\(\s*`[^`]*\$\{/.test(text)).map((s) => s.file);
    expect(computed).toEqual([]);
  });

  it('keep no key that nothing uses', () => {
    const unused = [...FLAT.en].filter(([key, english]) => !usedKeys.has(key) && !REFINE_KEYS.test(key) && !writtenInCode(english)).map(([key]) => key);
    expect(unused).toEqual([]);
  });
});
