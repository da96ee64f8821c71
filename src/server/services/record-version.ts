import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { ExpectedVersion } from '../db/actor.js';
import { badRequest, isUuid } from '../http/errors.js';

/** Who made a record's newest change, and when: what a refused update tells its author. */
export type LastChange = { changed_by: { id: string; name: string } | null; changed_at: string | null };

/**
 * The versions of one resource's records. A version is the id of the record's newest history entry
 * (functions/70-events.sql, record_version), 0 before it has one: what an ETag and an If-Match carry.
 */
export function recordVersions(db: Db, resource: string, table: string) {
  return {
    async of(id: string): Promise<number> {
      const [row] = rowsOf<{ version: string | number }>(await db.execute(sql`select record_version(${resource}, ${id.toLowerCase()}) as version`));
      return Number(row?.version ?? 0);
    },
    /** What an update written against `version` asks of its transaction (src/server/db/actor.ts); none for a malformed id (a 404). */
    expect(id: string, version: number): ExpectedVersion | undefined {
      return isUuid(id) ? { table, resource, recordId: id.toLowerCase(), version } : undefined;
    },
    async lastChange(id: string): Promise<LastChange> {
      const [row] = rowsOf<{ user_id: string | null; user_name: string | null; created: Date | string }>(
        await db.execute(sql`select h.user_id, h.user_name, h.created from record_history h
                              where h.resource = ${resource} and h.record_id = ${id.toLowerCase()} order by h.id desc limit 1`),
      );
      if (!row) return { changed_by: null, changed_at: null };
      return {
        changed_by: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
        changed_at: new Date(row.created).toISOString(),
      };
    },
  };
}

export type RecordVersions = ReturnType<typeof recordVersions>;

const ENTITY_TAG = /^(?:W\/)?"?(\d{1,15})"?$/;

/** An ETag for a version: strong, quoted (RFC 9110). */
export const entityTag = (version: number) => `"${version}"`;

/**
 * The version an update was written against: the If-Match header (an ETag this API sent) or the body's `version`.
 * Neither: undefined, and the update applies as it always has (SPEC.md's clients name no version). `*` matches any.
 */
export function expectedVersion(ifMatch: string | string[] | undefined, bodyVersion: unknown): number | undefined {
  if (ifMatch !== undefined) {
    const value = [ifMatch].flat().join(',').trim();
    if (value === '*') return undefined;
    const match = ENTITY_TAG.exec(value);
    if (!match) throw badRequest('If-Match', 'If-Match must be an ETag this API sent, such as "42"');
    return Number(match[1]);
  }
  if (bodyVersion === undefined || bodyVersion === null) return undefined;
  if (typeof bodyVersion !== 'number' || !Number.isSafeInteger(bodyVersion) || bodyVersion < 0) {
    throw badRequest('version', 'version must be the whole number a read of the record answered');
  }
  return bodyVersion;
}
