import { countDistinct, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { camelOf, type ResourceDeclaration } from '../../domain/resource.js';
import type { Db } from '../db/client.js';
import { isGenerated, linesTableOf, resourceTable } from '../db/resource-tables.js';
import { columnsOf } from './declared-refs.js';
import { conflict, isUuid } from '../http/errors.js';

type Referrer = { table: PgTable; column: AnyPgColumn; counted: AnyPgColumn; noun: ResourceDeclaration['entity'] };

/**
 * Who points at records of `target`, read from the declarations: every `ref` field (a document's lines' included) of a
 * resource whose table was generated from its declaration (a hand-written table says what holds its rows in its own
 * `usedBy`, with SPEC.md's words). A line counts as its document: 'Product is used by 2 purchase orders'.
 */
export function referrersOf(target: string, specs: readonly ResourceDeclaration[]): Referrer[] {
  return specs
    .filter((spec) => isGenerated(spec.name))
    .flatMap((spec) =>
      Object.entries(spec.fields).flatMap(([name, field]): Referrer[] => {
        if (field.kind === 'ref' && field.ref?.resource === target) {
          const table = resourceTable(spec.name);
          const columns = columnsOf(table);
          return [{ table, column: columns[camelOf(name)]!, counted: columns.id!, noun: spec.entity }];
        }
        if (field.kind !== 'lines') return [];
        return Object.entries(field.lines!.fields)
          .filter(([, f]) => f.kind === 'ref' && f.ref?.resource === target)
          .map(([line]) => {
            const table = linesTableOf(spec.name, name);
            const columns = columnsOf(table);
            return { table, column: columns[camelOf(line)]!, counted: columns.parentId!, noun: spec.entity };
          });
      }),
    );
}

/** A 409 '<Title> is used by N <plural>' while a declared record points at this one; the foreign keys back it up. */
export function deleteGuard(db: Db, target: ResourceDeclaration, specs: readonly ResourceDeclaration[]): ((id: string) => Promise<void>) | undefined {
  const referrers = referrersOf(target.name, specs);
  if (!referrers.length) return undefined;
  return async (id) => {
    if (!isUuid(id)) return;
    for (const r of referrers) {
      const [row] = await db
        .select({ n: countDistinct(r.counted) })
        .from(r.table)
        .where(eq(r.column, id.toLowerCase()));
      const n = Number(row?.n ?? 0);
      if (n > 0) throw conflict(`${target.entity.title} is used by ${n} ${n === 1 ? r.noun.singular : r.noun.plural} and cannot be deleted`);
    }
  };
}
