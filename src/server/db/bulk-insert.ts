import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { rowsOf } from './rows.js';

type ForeignKey = { name: string; ref: string; cols: string[]; refcols: string[] };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Fills a table with one big INSERT, checking its foreign keys once for the whole table instead of row by row.
 * PostgreSQL checks each foreign key of each inserted row with a lookup and a row lock: for the demo ledger (9k rows,
 * four keys) that is most of the insert's time on PGlite. Where the role may switch those row checks off (a
 * superuser: the embedded database, the test clusters), they are off for this one statement inside the caller's
 * transaction, and the same rule is then checked with one anti-join per key over the whole table; a missing row
 * throws, rolling the transaction back. Other roles get the plain insert with its row checks. Every other trigger
 * (the ledger's daily totals) runs as always. Meant for filling an empty table: the check reads all of it.
 */
export async function insertCheckingKeysOnce(tx: DbOrTx, table: string, insert: SQL): Promise<void> {
  const [role] = rowsOf<{ superuser: boolean }>(await tx.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`));
  if (!role?.superuser) return void (await tx.execute(insert));

  const triggers = rowsOf<{ name: string }>(
    await tx.execute(sql`
    select t.tgname as name from pg_trigger t join pg_constraint c on c.oid = t.tgconstraint
     where t.tgrelid = ${table}::regclass and c.conrelid = t.tgrelid and c.contype = 'f'`),
  ).map((t) => t.name);
  const keys = rowsOf<ForeignKey>(
    await tx.execute(sql`
    select c.conname as name, c.confrelid::regclass::text as ref,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
      from pg_constraint c where c.conrelid = ${table}::regclass and c.contype = 'f'`),
  );
  // One after the other: a transaction is one connection.
  const toggle = async (state: 'enable' | 'disable') => {
    for (const name of triggers) await tx.execute(sql.raw(`alter table ${ident(table)} ${state} trigger ${ident(name)}`));
  };

  await toggle('disable');
  try {
    await tx.execute(insert);
  } finally {
    await toggle('enable');
  }
  for (const key of keys) {
    const present = key.cols.map((c) => `t.${ident(c)} is not null`).join(' and ');
    const matches = key.cols.map((c, i) => `r.${ident(key.refcols[i]!)} = t.${ident(c)}`).join(' and ');
    const [missing] = rowsOf<{ n: number }>(
      await tx.execute(
        sql.raw(`select count(*)::int as n from ${ident(table)} t where ${present} and not exists (select 1 from ${key.ref} r where ${matches})`),
      ),
    );
    if (missing!.n > 0) throw new Error(`${table}: ${missing!.n} rows break foreign key ${key.name}`);
  }
}
