import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

/** The texts a person reads in a declaration's source: its labels, titles, column headers, placeholders and messages. */
export function declarationTexts(source: string): string[] {
  const texts = [...source.matchAll(/\b(?:label|title|singular|plural|column|itemLabel|emptyText|searchPlaceholder): '((?:[^'\\]|\\.)*)'/g)].map((m) =>
    m[1]!.replace(/\\'/g, "'"),
  );
  return [...new Set(texts)];
}

/** 'Contact email' → 'contactEmail': a key by the text's meaning, as the language files name theirs. */
export function keyOfWords(text: string): string {
  const words = text
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  return key || 'text';
}

function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
}

/**
 * Adds a new resource's texts to every language file under `resources.<camelName>` (issue 34): the English as written
 * and, in the other languages, the same English — which the key check (tests/unit/i18n/language-files.test.ts) refuses
 * as untranslated until someone writes the translation. Texts the files hold already are not repeated.
 */
export function addResourceTexts(root: string, resourceName: string, source: string): string[] {
  const dir = path.join(root, 'src/domain/i18n');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const en = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as Tree;
  const known = new Set(leaves(en));
  const fresh = declarationTexts(source).filter((text) => !known.has(text));
  if (!fresh.length) return [];
  const namespace = keyOfWords(resourceName.replace(/-/g, ' '));
  for (const file of files) {
    const tree = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Tree;
    const resources = ((tree.resources as Tree | undefined) ?? {}) as Tree;
    const own = ((resources[namespace] as Tree | undefined) ?? {}) as Tree;
    for (const text of fresh) own[keyOfWords(text)] ??= text;
    tree.resources = { ...resources, [namespace]: own };
    fs.writeFileSync(path.join(dir, file), `${JSON.stringify(tree, null, 2)}\n`);
  }
  return fresh;
}
