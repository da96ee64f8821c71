import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run new-resource -- <name> <field>:<kind>[!] ...` writes a plain resource's declaration
 * (src/domain/resources/<name>.ts), registers it and its generated table, and generates its migration.
 * Kinds: text, phone, money, decimal, integer, boolean (`boolean=true` for a default of true), list (several texts, blanks
 * dropped); `!` marks a required field (a list: at least one entry).
 * Example: npm run new-resource -- suppliers name:text! contact_phone:phone gst_no:text active:boolean=true
 */
const root = path.resolve(import.meta.dirname, '../../..');
const [name, ...fieldArgs] = process.argv.slice(2).filter((arg) => arg !== '--no-migration');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail('Usage: npm run new-resource -- <kebab-case-plural-name> <field>:<kind>[!] ...');
const declarationFile = path.join(root, 'src/domain/resources', `${name}.ts`);
if (fs.existsSync(declarationFile)) fail(`${path.relative(root, declarationFile)} already exists`);

const camel = (s: string) => s.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (s: string) => s.replace(/[-_]/g, ' ');
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const singular = words(name).replace(/ies$/, 'y').replace(/s$/, '');
const plural = words(name);
const specName = `${camel(name)}Resource`;

type Field = { field: string; kind: string; required: boolean; defaultTrue: boolean };
const fields: Field[] = fieldArgs.map((arg) => {
  const match = /^([a-z][a-z0-9_]*):(text|phone|money|decimal|integer|boolean|list)(!)?(=true)?$/.exec(arg);
  if (!match) fail(`Bad field '${arg}': write <snake_case_name>:<text|phone|money|decimal|integer|boolean|list>[!]`);
  return { field: match[1]!, kind: match[2]!, required: !!match[3], defaultTrue: !!match[4] };
});
if (!fields.length) fail('Give at least one field, e.g. name:text!');

const helpers = new Set<string>();
function line({ field, kind, required, defaultTrue }: Field, first: boolean): string {
  const label = capitalised(words(field));
  const title = words(field).replace(/\b\w/g, (c) => c.toUpperCase());
  const use = (helper: string) => (helpers.add(helper), helper);
  let rule: string;
  let fieldKind = kind === 'phone' ? 'text' : kind;
  switch (kind) {
    case 'phone':
      rule = required ? `${use('phone')}('${label}')` : `${use('optionalPhone')}('${label}')`;
      break;
    case 'money':
      rule = `${use('money')}('${label}')`;
      break;
    case 'decimal':
      rule = `z.number({ error: '${label} is required and must be a number' })`;
      break;
    case 'integer':
      rule = `z.number({ error: '${label} is required and must be a whole number' }).int('${label} must be a whole number')`;
      break;
    case 'boolean':
      rule = `z.boolean({ error: '${label} must be true or false' }).default(${defaultTrue})`;
      break;
    case 'list':
      rule = `${use('textList')}('${label}', ${required})`;
      break;
    default:
      rule = required ? `${use('requiredText')}('${label}', 200)` : `${use('optionalText')}('${label}', 200)`;
      fieldKind = 'text';
  }
  const extras = first && kind === 'text' ? ', search: true, sort: true' : kind === 'list' ? `, itemLabel: '${title.replace(/s$/, '')}'` : '';
  return `    ${field}: { kind: '${fieldKind}', label: '${title}', rule: ${rule}, column: '${title}'${extras} },`;
}

const fieldLines = fields.map((f, i) => line(f, i === 0));
const needsZ = fields.some((f) => f.kind === 'decimal' || f.kind === 'integer' || f.kind === 'boolean');
const slug = singular.replace(/ /g, '-');
const declaration = `${needsZ ? "import { z } from 'zod';\n" : ''}import { ${[...helpers].sort().join(', ')} } from '../schemas/common.js';
import { defineResource } from '../resource.js';

export const ${specName} = defineResource({
  name: '${name}',
  path: '/${name}',
  label: '${capitalised(plural).replace(/\b\w/g, (c) => c.toUpperCase())}',
  entity: { title: '${capitalised(singular)}', singular: '${singular}', plural: '${plural}' },
  fields: {
${fieldLines.join('\n')}
  },
  // Admin has every action; add other roles' defaults here, e.g. { 'warehouse-user': ['list', 'show'] }.
  grants: {},
  timestamps: { created: true, modified: true },
  screens: { list: '/${name}', create: '/${slug}-registration', edit: '/${slug}-edit/:id' },
  menu: 'setting',
});
`;
fs.writeFileSync(declarationFile, declaration.replace("import {  } from '../schemas/common.js';\n", ''));

function insertBefore(file: string, marker: string, text: string) {
  const full = path.join(root, file);
  const source = fs.readFileSync(full, 'utf8');
  if (!source.includes(marker)) fail(`${file} has lost its '${marker}' line`);
  fs.writeFileSync(full, source.replace(marker, `${text}\n${marker}`));
}
insertBefore('src/domain/resources/index.ts', '// new-resource: imports', `import { ${specName} } from './${name}.js';`);
insertBefore('src/domain/resources/index.ts', '  // new-resource: entries', `  ${specName},`);
const schemaFile = 'src/server/db/declared-schema.ts';
if (!fs.readFileSync(path.join(root, schemaFile), 'utf8').includes("from './declared-table.js'")) {
  insertBefore(schemaFile, '// new-resource: imports', "import { declaredTable } from './declared-table.js';");
}
insertBefore(schemaFile, '// new-resource: imports', `import { ${specName} } from '../../domain/resources/${name}.js';`);
insertBefore(schemaFile, '// new-resource: tables', `export const ${camel(name)} = declaredTable(${specName});`);

console.log(`Wrote ${path.relative(root, declarationFile)}; registered it in src/domain/resources/index.ts and ${schemaFile}.`);
if (!process.argv.includes('--no-migration')) {
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', name.replace(/-/g, '_')], { cwd: root, stdio: 'inherit' });
}
console.log('Next: check labels and rules in the declaration, then npm run typecheck and start the API.');
