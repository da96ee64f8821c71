import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/domain/constants.js';
import { images, products, stockMovements, users, warehouses } from '../../src/server/db/schema.js';
import { deleteUnusedImages } from '../../src/server/services/image-gc.js';
import { createTestApp, dbKind, type TestApp } from '../support/test-app.js';
import { dataUrl, makeJpegHeaders, makePng, makeWebpHeaders, pngClaiming } from '../support/images.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const product = (over: Record<string, unknown> = {}) => ({
  productname: `Picture Product ${++n}`,
  category: 'Staples',
  subcategory: 'Rice',
  product_keyword: 'Lens',
  price: 10,
  discount_price: 9,
  product_description: 'Has pictures.',
  unit: 'kg',
  unit_value: '1',
  ...over,
});
const create = (over: Record<string, unknown>) => t.request('POST', '/api/products', { role: 'admin', body: product(over) });
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const imageCount = () => t.db.$count(images);

describe('image upload and serving', () => {
  it('stores a PNG data URL by content hash and serves the same bytes publicly, cached for a year', async () => {
    const png = makePng(3, 2);
    const res = await create({ main_image: [dataUrl(png)] });
    expect(res.status).toBe(201);
    const url = `/api/images/${sha256(png)}.png`;
    expect(res.body.main_image).toEqual([url]);

    const served = await t.app.inject({ method: 'GET', url }); // no token: <img> tags send none
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);

    const [row] = await t.db
      .select()
      .from(images)
      .where(eq(images.hash, sha256(png)));
    expect(row).toMatchObject({ mime: 'image/png', width: 3, height: 2, size: png.length });
  });

  it('reads JPEG and WebP sizes and types from the bytes, whatever the data URL claims', async () => {
    const jpeg = makeJpegHeaders(200, 150);
    const webp = makeWebpHeaders('VP8L', 200, 90);
    const res = await create({
      main_image: [dataUrl(jpeg, 'image/jpeg')],
      colors: [{ name: 'Red', sizes: ['M'], images: [dataUrl(webp, 'image/png'), dataUrl(jpeg, 'image/jpeg')] }],
    });
    expect(res.status).toBe(201);
    expect(res.body.main_image).toEqual([`/api/images/${sha256(jpeg)}.jpg`]);
    expect(res.body.colors[0].images).toEqual([`/api/images/${sha256(webp)}.webp`, `/api/images/${sha256(jpeg)}.jpg`]);
    const served = await t.app.inject({ method: 'GET', url: res.body.colors[0].images[0] });
    expect(served.headers['content-type']).toBe('image/webp');
    const rows = await t.db.select({ hash: images.hash, width: images.width, height: images.height }).from(images);
    expect(rows).toContainEqual({ hash: sha256(jpeg), width: 200, height: 150 });
    expect(rows).toContainEqual({ hash: sha256(webp), width: 200, height: 90 });
  });

  it('stores a picture used twice once', async () => {
    const png = makePng(5, 5, [1, 2, 3]);
    const before = await imageCount();
    const a = await create({ main_image: [dataUrl(png), dataUrl(png)] });
    const b = await create({ main_image: [dataUrl(png)] });
    expect(a.status).toBe(201);
    expect(b.body.main_image).toEqual([a.body.main_image[0]]);
    expect(await imageCount()).toBe(before + 1);
  });

  it('keeps stored image URLs as they are, and refuses URLs of images it does not hold', async () => {
    const made = (await create({ main_image: [dataUrl(makePng(4, 4, [9, 9, 9]))] })).body;
    const kept = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { main_image: made.main_image } });
    expect(kept.status).toBe(200);
    expect(kept.body.main_image).toEqual(made.main_image);
    const [hash] = made.main_image[0].slice('/api/images/'.length).split('.');
    for (const bad of [`/api/images/${'0'.repeat(64)}.png`, `/api/images/${hash}.jpg`]) {
      const res = await t.request('PATCH', `/api/products/${made._id}`, { role: 'admin', body: { main_image: [made.main_image[0], bad] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'main_image.1', message: 'Image not found: upload it again' }]);
    }
    expect((await t.request('GET', `/api/products/${made._id}`, { role: 'admin' })).body.main_image).toEqual(made.main_image);
  });

  it('refuses anything that is not a JPEG, PNG or WebP, naming the field, and writes nothing', async () => {
    const before = { images: await imageCount(), products: await t.db.$count(products) };
    const text = Buffer.from('just some text pretending to be a picture');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ main_image: [dataUrl(text, 'image/png')] }, 'main_image.0', /JPEG, PNG or WebP/],
      [{ main_image: [dataUrl(makePng(2, 2)), dataUrl(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif')] }, 'main_image.1', /JPEG, PNG or WebP/],
      [{ colors: [{ name: 'Blue', images: [dataUrl(makePng(2, 2)).replace('base64,', 'base64,%%')] }] }, 'colors.0.images.0', /base64/],
      [{ main_image: ['https://example.com/cat.png'] }, 'main_image.0', /data URL/],
      [{ main_image: ['data:image/png,plain-text'] }, 'main_image.0', /base64/],
      [{ main_image: [dataUrl(makePng(8, 8).subarray(0, 20))] }, 'main_image.0', /damaged or incomplete/],
      // valid picture, but the product itself is refused: the picture must not be stored either
      [{ main_image: [dataUrl(makePng(6, 1))], subcategory: 'Biscuits' }, 'subcategory', /does not belong/],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(over);
      expect(res.status, field).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
      expect(res.body.message).toMatch(message);
    }
    expect({ images: await imageCount(), products: await t.db.$count(products) }).toEqual(before);
  });

  it('refuses a picture wider or taller than 4096 px, read from its header (PNG, JPEG, WebP), and stores nothing', async () => {
    const before = await imageCount();
    for (const [bytes, mime, size] of [
      [pngClaiming(100_000, 100_000), 'image/png', '100000×100000'],
      [pngClaiming(4097, 10), 'image/png', '4097×10'],
      [makeJpegHeaders(10, 5000), 'image/jpeg', '10×5000'],
      [makeWebpHeaders('VP8X', 70_000, 2), 'image/webp', '70000×2'],
    ] as const) {
      const res = await create({ main_image: [dataUrl(bytes, mime)] });
      expect(res.status, size).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'main_image.0', message: `Image is too large: at most 4096×4096 pixels (this one is ${size})` }]);
    }
    expect(await imageCount()).toBe(before);
    expect((await create({ main_image: [dataUrl(pngClaiming(4096, 4096))] })).status).toBe(201);
  });

  it('refuses an image above IMAGE_MAX_BYTES with 413 and a message', async () => {
    const big = Buffer.concat([makePng(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await create({ main_image: [dataUrl(big)] });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('main_image.0: Image is too large: at most 2 MB');
    const atLimit = Buffer.concat([makePng(10, 10), Buffer.alloc(IMAGE_MAX_BYTES - makePng(10, 10).length)]);
    expect((await create({ main_image: [dataUrl(atLimit)] })).status).toBe(201);
  });

  it('answers 404 for unknown, malformed and mismatched image names', async () => {
    const png = makePng(7, 7, [7, 7, 7]);
    await create({ main_image: [dataUrl(png)] });
    for (const file of [`${'a'.repeat(64)}.png`, 'nope.png', `${sha256(png)}.jpg`, sha256(png), `${sha256(png)}.png.txt`]) {
      const res = await t.request('GET', `/api/images/${file}`);
      expect(res.status, file).toBe(404);
      expect(res.body).toEqual({ message: 'Image not found' });
    }
  });
});

describe('unused images', () => {
  const stored = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 200;
  const upload = async (rgb: [number, number, number], over: Record<string, unknown> = {}) => {
    const res = await create({ main_image: [dataUrl(makePng(2, 3, rgb))], ...over });
    expect(res.status).toBe(201);
    return res.body as { _id: string; main_image: string[] };
  };
  const patch = (id: string, body: Record<string, unknown>) => t.request('PATCH', `/api/products/${id}`, { role: 'admin', body });

  it('deletes a picture a product replaces, and keeps the new one', async () => {
    const made = await upload([11, 0, 0]);
    const res = await patch(made._id, { main_image: [dataUrl(makePng(2, 3, [12, 0, 0]))] });
    expect(res.status).toBe(200);
    expect(await stored(made.main_image[0]!)).toBe(false);
    expect(await stored(res.body.main_image[0])).toBe(true);
  });

  it('keeps a picture that moves from the main images to a colour variant, or that another product still uses', async () => {
    const a = await upload([21, 0, 0]);
    const b = (await create({ main_image: a.main_image })).body;
    const url = a.main_image[0]!;
    expect((await patch(a._id, { main_image: [], colors: [{ name: 'Red', sizes: ['M'], images: [url] }] })).status).toBe(200);
    expect(await stored(url)).toBe(true);
    expect((await patch(a._id, { colors: [] })).status).toBe(200);
    expect(await stored(url)).toBe(true); // b still shows it
    expect((await t.request('DELETE', `/api/products/${b._id}`, { role: 'admin' })).status).toBe(200);
    expect(await stored(url)).toBe(false);
  });

  it('deletes the pictures of a deleted product, but not those of a product whose delete is refused', async () => {
    const gone = await upload([31, 0, 0], { colors: [{ name: 'Blue', sizes: [], images: [dataUrl(makePng(2, 3, [32, 0, 0]))] }] });
    const colourUrl = (await t.request('GET', `/api/products/${gone._id}`, { role: 'admin' })).body.colors[0].images[0];
    expect((await t.request('DELETE', `/api/products/${gone._id}`, { role: 'admin' })).status).toBe(200);
    expect(await stored(gone.main_image[0]!)).toBe(false);
    expect(await stored(colourUrl)).toBe(false);

    const stocked = await upload([33, 0, 0]);
    const [warehouse] = await t.db.select({ _id: warehouses.id }).from(warehouses).limit(1);
    await t.db.insert(stockMovements).values({
      productId: stocked._id,
      warehouseId: warehouse!._id,
      movementType: 'valuation',
      quantity: 0,
      stockBefore: 0,
      stockAfter: 0,
      valueChange: 0,
    });
    expect((await t.request('DELETE', `/api/products/${stocked._id}`, { role: 'admin' })).status).toBe(409);
    expect(await stored(stocked.main_image[0]!)).toBe(true);
  });

  it('deletes nothing when the update is refused', async () => {
    const made = await upload([41, 0, 0]);
    const res = await patch(made._id, { main_image: [dataUrl(makePng(2, 3, [42, 0, 0]))], subcategory: 'Biscuits' });
    expect(res.status).toBe(400);
    expect(await stored(made.main_image[0]!)).toBe(true);
  });

  it('keeps a picture that a user has as profile image', async () => {
    const made = await upload([51, 0, 0]);
    const url = made.main_image[0]!;
    await t.db.update(users).set({ profileimage: url }).where(eq(users.id, t.userIds.seller));
    expect((await patch(made._id, { main_image: [] })).status).toBe(200);
    expect(await stored(url)).toBe(true);
    await t.db.update(users).set({ profileimage: null }).where(eq(users.id, t.userIds.seller));
    expect(await deleteUnusedImages(t.db)).toContain(url.slice('/api/images/'.length, -'.png'.length));
    expect(await stored(url)).toBe(false);
  });

  it('sweeps every image no one refers to, and only those', async () => {
    const kept = await upload([61, 0, 0]);
    const orphan = makePng(2, 3, [62, 0, 0]);
    await t.db.insert(images).values({ hash: sha256(orphan), mime: 'image/png', width: 2, height: 3, bytes: orphan, size: orphan.length });
    const before = await imageCount();
    expect(await deleteUnusedImages(t.db)).toEqual([sha256(orphan)]);
    expect(await imageCount()).toBe(before - 1);
    expect(await stored(kept.main_image[0]!)).toBe(true);
  });
});

// Only PostgreSQL runs requests at once (PGlite has one connection), so only there can they race.
describe.skipIf(dbKind !== 'postgres')('unused images under concurrency', () => {
  it('never leaves a product pointing at a deleted picture while another product drops it', async () => {
    for (let round = 0; round < 25; round++) {
      const png = makePng(3, 1, [70, round, 0]);
      const owner = (await create({ main_image: [dataUrl(png)] })).body;
      const url = owner.main_image[0];
      const [dropped, reused, uploaded] = await Promise.all([
        t.request('PATCH', `/api/products/${owner._id}`, { role: 'admin', body: { main_image: [] } }),
        create({ main_image: [url] }),
        create({ colors: [{ name: 'Red', sizes: [], images: [dataUrl(png)] }] }),
      ]);
      expect(dropped.status).toBe(200);
      expect([201, 400]).toContain(reused.status); // 400 "upload it again" when the drop was first
      expect(uploaded.status).toBe(201);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, `round ${round}`).toBe(200);
    }
  });
});
