import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run new-resource` on a copy of src/: what it writes is a declaration the rest of the code reads as it stands. */
const repo = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repo, 'node_modules/.bin/tsx');
let copy: string;

const run = (args: string[]) => execFileSync(tsx, args, { cwd: copy, encoding: 'utf8' });

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-resource-'));
  fs.cpSync(path.join(repo, 'src'), path.join(copy, 'src'), { recursive: true, filter: (f) => !f.includes(`${path.sep}migrations${path.sep}`) });
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'));
  run(['src/server/cli/new-resource.ts', 'suppliers', 'name:text!', 'contact_phone:phone', 'gst_no:text', 'pallets:integer', 'active:boolean=true', '--no-migration']);
}, 60_000);

afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('npm run new-resource', () => {
  it('writes a declaration that is registered, validates with its messages and has a generated table', () => {
    fs.writeFileSync(path.join(copy, 'probe.ts'), `
      import { getTableColumns } from 'drizzle-orm';
      import { inputSchemaOf } from './src/domain/resource.js';
      import { DECLARED_RESOURCES } from './src/domain/resources/index.js';
      import { suppliers } from './src/server/db/declared-schema.js';
      const spec = DECLARED_RESOURCES.at(-1)!;
      const schema = inputSchemaOf(spec);
      console.log(JSON.stringify({
        names: DECLARED_RESOURCES.map((r) => r.name),
        screens: spec.screens,
        empty: schema.safeParse({}).error?.issues.map((i) => [i.path.join('.'), i.message]),
        fractional: schema.safeParse({ name: 'Shree Traders', pallets: 1.5 }).error?.issues.map((i) => i.message),
        ok: schema.parse({ name: ' Shree Traders ', pallets: 3 }),
        columns: Object.values(getTableColumns(suppliers)).map((c) => [c.name, c.notNull]),
      }));
    `);
    const out = JSON.parse(run(['probe.ts'])) as Record<string, unknown>;
    expect((out.names as string[]).at(-1)).toBe('suppliers');
    expect(out.screens).toEqual({ list: '/suppliers', create: '/supplier-registration', edit: '/supplier-edit/:id' });
    expect(out.empty).toEqual([['name', 'Name is required'], ['pallets', 'Pallets is required and must be a whole number']]);
    expect(out.fractional).toEqual(['Pallets must be a whole number']);
    expect(out.ok).toEqual({ name: 'Shree Traders', pallets: 3, active: true });
    expect(out.columns).toEqual([
      ['id', true], ['name', true], ['contact_phone', false], ['gst_no', false], ['pallets', true], ['active', true], ['created', true], ['modified', true],
    ]);
  }, 60_000);

  it('refuses an unknown kind and names the kinds it knows', () => {
    expect(() => run(['src/server/cli/new-resource.ts', 'depots', 'name:texty'])).toThrow(/text\|phone\|money\|decimal\|integer\|boolean\|list/);
  });
});
