import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as prettier from 'prettier';
import { searchFields, type ResourceDeclaration } from '../../domain/resource.js';
import { RESOURCES } from '../../domain/policy.js';
import { DECLARED_RESOURCES } from '../../domain/resources/index.js';
import * as declaredSchema from '../db/declared-schema.js';
import * as schema from '../db/schema.js';
import { drizzleGenerate, migrationNameOf } from './drizzle-generate.js';
import { parseResourceArgs, SpecError, USAGE, type FieldArg, type ResourceArgs } from './resource-args.js';
import { declarationSource, namesOf } from './resource-declaration.js';
import { addResourceTexts } from './resource-texts.js';

/**
 * `npm run new-resource -- <name> <field>:<kind>[!] ... [--no-migration]` writes a resource's declaration
 * (src/domain/resources/<name>.ts), registers it (src/domain/resources/index.ts) and its generated tables
 * (src/server/db/declared-schema.ts: the resource's, and one per lines field), then generates its migration.
 * The syntax is USAGE in resource-args.ts. Everything is checked before anything is written.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const INDEX = 'src/domain/resources/index.ts';
const SCHEMA = 'src/server/db/declared-schema.ts';

function refuse(message: string): never {
  console.error(`new-resource: ${message}\n\n${USAGE}`);
  process.exit(1);
}

/** What already has a name: resources of the policy (declared or not), tables, declared-schema.ts's exports. */
function checkFree(resource: ResourceArgs): void {
  const names = namesOf(resource);
  const file = path.join(root, 'src/domain/resources', names.file);
  if (fs.existsSync(file)) refuse(`${path.relative(root, file)} already exists: choose another name, or delete that file and its registered lines first`);
  if (resource.name in RESOURCES) refuse(`'${resource.name}' is a resource already (the access policy, src/domain/policy.ts, has it): choose another name`);
  const tables = new Set([...Object.values(schema), ...Object.values(declaredSchema)].filter((t) => is(t, PgTable)).map((t) => getTableName(t as PgTable)));
  const wanted = [resource.name.replace(/-/g, '_'), ...names.linesTables.map((t) => `${resource.name.replace(/-/g, '_')}_${t.field}`)];
  const clash = wanted.find((t) => tables.has(t));
  if (clash) refuse(`a table '${clash}' exists already (src/server/db/schema.ts or declared-schema.ts): choose another name`);
  const exported = [names.table, ...names.linesTables.map((t) => t.name)].find((n) => n in declaredSchema);
  if (exported) refuse(`${SCHEMA} exports '${exported}' already: choose another name`);
}

/** A reference names its record by the target's first search field, else 'name'; the target must be declared. */
function labelFields(resource: ResourceArgs): Map<string, string> {
  const fields: FieldArg[] = resource.fields.flatMap((f) => [f, ...(f.lines ?? [])]);
  const declared = new Map<string, ResourceDeclaration>(DECLARED_RESOURCES.map((r) => [r.name, r as ResourceDeclaration]));
  const result = new Map<string, string>();
  for (const target of new Set(fields.flatMap((f) => (f.target ? [f.target] : [])))) {
    if (target === resource.name) {
      const own = resource.fields.find((f) => f.kind === 'text')?.name;
      if (!own) refuse(`${resource.name} points at itself but has no text field to name its records by: add one (name:text!)`);
      result.set(target, own);
      continue;
    }
    const spec = declared.get(target);
    if (!spec)
      refuse(`ref(${target}): '${target}' is not a declared resource; ref(...) takes one of ${[...declared.keys()].join(', ')}, or ${resource.name} itself`);
    const labelField = searchFields(spec)[0] ?? 'name';
    if (!spec.fields[labelField])
      refuse(`ref(${target}): ${target} has no search field and no 'name' field to name its records by: declare search: true on one of its fields first`);
    result.set(target, labelField);
  }
  return result;
}

/** Writes `text` on the line before `marker` (the registration points of index.ts and declared-schema.ts). */
function insertBefore(source: string, file: string, marker: string, text: string): string {
  if (!source.includes(marker)) refuse(`${file} has lost its '${marker}' line: put it back where new entries go`);
  return source.replace(marker, `${text}\n${marker}`);
}

/** declared-schema.ts imports from declared-table.js what it uses: declaredTable, and linesTable once a lines table is there. */
function withTableImports(source: string, needed: string[]): string {
  const existing = /^import \{([^}]*)\} from '\.\/declared-table\.js';\n/m.exec(source);
  const names = [
    ...new Set([
      ...(existing?.[1]
        ?.split(',')
        .map((n) => n.trim())
        .filter(Boolean) ?? []),
      ...needed,
    ]),
  ].sort();
  const line = `import { ${names.join(', ')} } from './declared-table.js';\n`;
  return existing ? source.replace(existing[0], line) : insertBefore(source, SCHEMA, '// new-resource: imports', line.trimEnd());
}

/** Written as `npm run lint` checks it (Prettier), so a scaffolded resource passes lint untouched. */
async function writeFormatted(file: string, source: string): Promise<void> {
  const target = path.join(root, file);
  const options = await prettier.resolveConfig(target);
  fs.writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
}

async function register(resource: ResourceArgs): Promise<void> {
  const names = namesOf(resource);
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  let index = read(INDEX);
  index = insertBefore(index, INDEX, '// new-resource: imports', `import { ${names.spec} } from './${resource.name}.js';`);
  index = insertBefore(index, INDEX, '  // new-resource: entries', `  ${names.spec},`);
  let tables = withTableImports(read(SCHEMA), ['declaredTable', ...(names.linesTables.length ? ['linesTable'] : [])]);
  tables = insertBefore(tables, SCHEMA, '// new-resource: imports', `import { ${names.spec} } from '../../domain/resources/${resource.name}.js';`);
  tables = insertBefore(
    tables,
    SCHEMA,
    '// new-resource: tables',
    [
      `export const ${names.table} = declaredTable(${names.spec});`,
      ...names.linesTables.map((t) => `export const ${t.name} = linesTable(${names.spec}, '${t.field}');`),
    ].join('\n'),
  );
  await writeFormatted(INDEX, index);
  await writeFormatted(SCHEMA, tables);
}

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const unknownFlag = flags.find((f) => f !== '--no-migration');
if (unknownFlag) refuse(`'${unknownFlag}' is not an option: the only one is --no-migration (write the files, generate no migration)`);

let resource: ResourceArgs;
try {
  resource = parseResourceArgs(args.filter((a) => !a.startsWith('--')));
} catch (error) {
  if (error instanceof SpecError) refuse(error.message);
  throw error;
}
checkFree(resource);
const labels = labelFields(resource);
const source = declarationSource(resource, (target) => labels.get(target)!);

const file = path.join('src/domain/resources', namesOf(resource).file);
// No top-level await: the scaffold also runs on a copy of src/ without the package's "type": "module".
async function write(): Promise<void> {
  await writeFormatted(file, source);
  await register(resource);
  const texts = addResourceTexts(root, resource.name, source);
  console.log(`Wrote ${file}; registered it in ${INDEX} and its table${namesOf(resource).linesTables.length ? 's' : ''} in ${SCHEMA}.`);
  if (texts.length)
    console.log(`Added its ${texts.length} texts to src/domain/i18n/*.json: translate them in hi.json (npx vitest run tests/unit/i18n lists what is left).`);
  if (!flags.includes('--no-migration')) drizzleGenerate(root, migrationNameOf(resource.name));
  console.log(
    `Next: read ${file} (labels, grants, unique fields), then npm run typecheck and start the API.` +
      ` Changed the table after all? npm run db:regenerate -- ${migrationNameOf(resource.name)}`,
  );
}
write().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
