import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { images } from '../db/schema.js';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '../../domain/constants.js';
import { HttpError, notFound } from '../http/errors.js';
import { IMAGE_FORMATS, readImageInfo, sniffFormat, type ImageInfo } from './image-format.js';

export const IMAGE_URL_PREFIX = '/api/images/';
/**
 * Transactions that write image references hold this lock shared until they commit; the unused-image
 * collector (image-gc.ts) takes it exclusively. So its "still used?" check sees every reference committed
 * before it deletes, and a writer that starts after it finds a deleted image gone (400, upload it again)
 * instead of pointing at it. A share lock on the image row would not do: a delete that waited on one goes
 * ahead without a re-check.
 */
export const IMAGE_REFERENCES_LOCK = 727276;
const STORED_URL = /^\/api\/images\/([0-9a-f]{64})\.(jpg|png|webp)$/;
const FILE_NAME = /^([0-9a-f]{64})\.(jpg|png|webp)$/;
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** One image reference in a request body and the field it came from, e.g. `colors.1.images.0`. */
export type ImageRef = { field: string; value: string };
type Decoded = ImageInfo & { hash: string; bytes: Buffer };

const urlOf = (hash: string, ext: string) => `${IMAGE_URL_PREFIX}${hash}.${ext}`;
/** The hash a stored image URL names, or undefined for anything else. */
export const storedImageHash = (url: string): string | undefined => STORED_URL.exec(url)?.[1];
const fieldError = (status: number, field: string, message: string) => new HttpError(status, `${field}: ${message}`, [{ field, message }]);

/** A data URL's bytes, checked: JPEG, PNG or WebP by their magic bytes, readable size, at most IMAGE_MAX_BYTES. */
export function decodeImageDataUrl({ field, value }: ImageRef): Decoded {
  const head = DATA_URL.exec(value);
  if (!head || !head[2]!.toLowerCase().split(';').includes('base64')) {
    throw fieldError(400, field, 'Image must be a base64 data URL (data:image/...;base64,...) or the URL of a stored image');
  }
  const payload = value.slice(head[0].length).replace(/\s+/g, '');
  // Rejecting early keeps a 50 MB string from being decoded just to be refused.
  if (Math.floor((payload.length * 3) / 4) - 2 > IMAGE_MAX_BYTES) throw fieldError(413, field, `Image is too large: at most ${MAX_MB} MB`);
  if (!BASE64.test(payload)) throw fieldError(400, field, 'Image data is not valid base64');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw fieldError(413, field, `Image is too large: at most ${MAX_MB} MB`);
  const info = readImageInfo(bytes);
  if (!info) {
    throw fieldError(400, field, sniffFormat(bytes) ? 'Image file is damaged or incomplete' : 'Image must be a JPEG, PNG or WebP file');
  }
  if (info.width > IMAGE_MAX_SIDE_PX || info.height > IMAGE_MAX_SIDE_PX) {
    const max = `${IMAGE_MAX_SIDE_PX}×${IMAGE_MAX_SIDE_PX}`;
    throw fieldError(400, field, `Image is too large: at most ${max} pixels (this one is ${info.width}×${info.height})`);
  }
  return { ...info, bytes, hash: crypto.createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Turns every reference into a stored image URL: data URLs are checked and written (content-addressed,
 * so the same picture is stored once), stored URLs must name an image we hold. Run it in the
 * transaction that writes the record using the URLs.
 */
export async function storeImages(tx: DbOrTx, refs: ImageRef[]): Promise<string[]> {
  if (refs.length) await tx.execute(sql`select pg_advisory_xact_lock_shared(${IMAGE_REFERENCES_LOCK})`);
  const decoded = new Map<string, Decoded>();
  const urls: string[] = [];
  const existing: { ref: ImageRef; hash: string; ext: string }[] = [];
  for (const ref of refs) {
    const stored = STORED_URL.exec(ref.value);
    if (stored) {
      existing.push({ ref, hash: stored[1]!, ext: stored[2]! });
      urls.push(ref.value);
      continue;
    }
    if (!ref.value.startsWith('data:')) {
      throw fieldError(400, ref.field, 'Image must be a base64 data URL (data:image/...;base64,...) or the URL of a stored image');
    }
    const image = decodeImageDataUrl(ref);
    decoded.set(image.hash, image);
    urls.push(urlOf(image.hash, image.ext));
  }

  if (existing.length) {
    const found = await tx
      .select({ hash: images.hash, mime: images.mime })
      .from(images)
      .where(inArray(images.hash, [...new Set(existing.map((e) => e.hash))]));
    const mimeOf = new Map(found.map((f) => [f.hash, f.mime]));
    for (const { ref, hash, ext } of existing) {
      const format = IMAGE_FORMATS.find((f) => f.mime === mimeOf.get(hash));
      if (format?.ext !== ext) throw fieldError(400, ref.field, 'Image not found: upload it again');
    }
  }
  if (decoded.size) {
    await tx
      .insert(images)
      .values(
        [...decoded.values()].map((d) => ({
          hash: d.hash,
          mime: d.mime,
          width: d.width,
          height: d.height,
          bytes: d.bytes,
          size: d.bytes.length,
        })),
      )
      .onConflictDoNothing();
  }
  return urls;
}

/** `<hash>.<ext>` → the stored bytes and type; anything else is a 404. */
export async function loadImage(db: DbOrTx, file: string): Promise<{ mime: string; bytes: Buffer }> {
  const name = FILE_NAME.exec(file);
  if (!name) throw notFound('Image');
  const [row] = await db.select({ mime: images.mime, bytes: images.bytes }).from(images).where(eq(images.hash, name[1]!)).limit(1);
  const format = IMAGE_FORMATS.find((f) => f.mime === row?.mime);
  if (!row || format?.ext !== name[2]) throw notFound('Image');
  return row;
}
