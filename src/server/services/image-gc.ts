import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { IMAGE_FORMATS } from './image-format.js';
import { IMAGE_REFERENCES_LOCK, IMAGE_URL_PREFIX } from './image-service.js';

const extensionOf = sql.raw(`case i.mime ${IMAGE_FORMATS.map((f) => `when '${f.mime}' then '${f.ext}'`).join(' ')} end`);

/**
 * Deletes the stored images, among `hashes` (or all of them when left out), that no product and no user's
 * profile image refers to any more, and answers the hashes deleted. Images are content-addressed and
 * shared, so a product that drops a picture deletes it only when it was the last to use it.
 */
export async function deleteUnusedImages(db: Db, hashes?: string[]): Promise<string[]> {
  if (hashes?.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMAGE_REFERENCES_LOCK})`);
    const only = hashes
      ? sql`where i.hash in (${sql.join(
          hashes.map((h) => sql`${h}`),
          sql`, `,
        )})`
      : sql``;
    const deleted = rowsOf<{ hash: string }>(
      await tx.execute(sql`
      with candidate as (
        select i.hash, ${IMAGE_URL_PREFIX}::text || i.hash || '.' || ${extensionOf} as url from images i ${only}
      )
      delete from images d using candidate c
       where d.hash = c.hash
         and not exists (
           select 1 from products p
            where p.main_image @> jsonb_build_array(c.url)
               or p.colors @> jsonb_build_array(jsonb_build_object('images', jsonb_build_array(c.url))))
         and not exists (select 1 from users u where u.profileimage = c.url)
      returning d.hash`),
    );
    return deleted.map((row) => row.hash);
  });
}
