import { sql } from 'drizzle-orm';
import type { Numbering } from '../../domain/resource.js';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The next number of a resource's documents, in the create's transaction: 'PO-2026-00042'. The counter row is locked
 * until that transaction ends, so two creates never share a number, and a create that fails gives its number back.
 */
export async function nextNumber(tx: DbOrTx, resource: string, numbering: Numbering, now = new Date()): Promise<string> {
  // The business's year (India): a purchase order raised at 00:30 IST on 1 January is next year's.
  const year = numbering.yearly ? Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(now)) : 0;
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
    insert into document_numbers as d (resource, year, last) values (${resource}, ${year}, 1)
    on conflict (resource, year) do update set last = d.last + 1
    returning last`),
  );
  const serial = String(row!.last).padStart(numbering.digits ?? 5, '0');
  return [numbering.prefix, ...(numbering.yearly ? [String(year)] : []), serial].join('-');
}
