import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, cities, handlingCharges, products, subcategories, userWarehouses, users, warehouses } from '../db/schema.js';
import { hashPassword, passwordHashCostLevel } from '../auth/passwords.js';
import { DEMO_ASSIGNED_WAREHOUSES, DEMO_CATEGORIES, DEMO_CITIES, DEMO_HANDLING_CHARGES, DEMO_PRODUCTS, DEMO_USERS, DEMO_WAREHOUSES } from './demo-data.js';
import { seedStock } from './seed-stock.js';
import { seedBatches } from './seed-batches.js';
import { ean13 } from '../../domain/barcode.js';
import { withoutRowHistory } from '../db/actor.js';

/** Demo SKUs and EAN-13 barcodes (India's GS1 prefix 890), the same for every seeding: a scanner test can type them. */
export const demoCodes = (index: number) => ({
  sku: `GRC-${String(index + 1).padStart(4, '0')}`,
  barcode: ean13(`8901000${String(index + 1).padStart(5, '0')}`),
});

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[0]![0])).limit(1);
  return Boolean(row);
}

const demoHashes = new Map<string, Promise<Map<string, string>>>();

/**
 * The demo passwords' hashes, computed once per process (and cost). At OWASP cost each takes a few hundred milliseconds of a
 * thread-pool thread: side by side, and started by the start-up before it opens the database, so they are ready
 * when the seed needs them.
 */
export function demoPasswordHashes(): Promise<Map<string, string>> {
  const passwords = [...new Set(DEMO_USERS.map((u) => u[1]))];
  const level = passwordHashCostLevel();
  let hashes = demoHashes.get(level);
  if (!hashes) {
    hashes = Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const)).then((pairs) => new Map(pairs));
    demoHashes.set(level, hashes);
    hashes.catch(() => demoHashes.delete(level)); // a failed attempt is not kept: the next seed tries again
  }
  return hashes;
}

/** Writes the demo data set in one transaction: all of it or none. */
export async function seedDemo(db: Db): Promise<void> {
  const hashes = await demoPasswordHashes();

  await db.transaction(async (tx) => {
    // The demo data is where a new user starts, not something anyone did: it writes no history entries.
    await withoutRowHistory(tx);
    const cityRows = await tx
      .insert(cities)
      .values(DEMO_CITIES.map((c) => ({ ...c, isActive: true })))
      .returning();
    const cityId = (name: string) => cityRows.find((c) => c.name === name)!.id;

    const warehouseRows = await tx
      .insert(warehouses)
      .values(
        DEMO_WAREHOUSES.map((w, i) => ({
          name: w.name,
          cityId: cityId(w.city),
          address: w.address,
          status: 'active',
          description: i === 0 ? 'Main receiving warehouse for Rajasthan' : null,
          contactPerson: w.person,
          contactPhone: w.phone,
          contactEmail: `${w.name
            .toLowerCase()
            .replace(/[^a-z]+/g, '.')
            .replace(/^\.|\.$/g, '')}@demo.local`,
        })),
      )
      .returning({ id: warehouses.id, name: warehouses.name });

    const subIds = new Map<string, { id: string; categoryId: string; gst: number; hsn: string }>();
    for (const category of DEMO_CATEGORIES) {
      const [cat] = await tx.insert(categories).values({ name: category.name }).returning();
      const subs = await tx
        .insert(subcategories)
        .values(category.subs.map((s) => ({ categoryId: cat!.id, name: s.name, gstRate: s.gst, gstType: s.gst === 0 ? 'Exempt' : 'GST', hsnCode: s.hsn })))
        .returning();
      for (const s of subs) subIds.set(s.name, { id: s.id, categoryId: cat!.id, gst: s.gstRate, hsn: s.hsnCode });
    }

    const now = Date.now();
    await tx.insert(products).values(
      DEMO_PRODUCTS.map(([sub, name, hindi, brand, mrp, discount, unit, unitValue], i) => {
        const s = subIds.get(sub)!;
        return {
          productname: name,
          productHindi: hindi,
          ...demoCodes(i),
          categoryId: s.categoryId,
          subcategoryId: s.id,
          productKeyword: brand,
          price: mrp,
          discountPrice: discount,
          productDescription: `${brand} ${name}, ${unitValue} ${unit}.`,
          unit,
          unitValue,
          gstRate: s.gst,
          gstType: s.gst === 0 ? 'Exempt' : 'GST',
          hsnCode: s.hsn,
          colors: i % 9 === 0 ? [{ name: 'standard', sizes: [unitValue], images: [] }] : [],
          // Spread creation times so "most recent" lists are meaningful.
          created: new Date(now - (DEMO_PRODUCTS.length - i) * 3_600_000),
        };
      }),
    );

    await tx.insert(handlingCharges).values(DEMO_HANDLING_CHARGES.map((h) => ({ chargeType: h.charge_type, amount: h.amount })));

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map(([email, password, firstname, lastname, phone, role, city], i) => ({
          email,
          passwordHash: hashes.get(password)!,
          firstname,
          lastname,
          phonenumber: phone,
          role,
          status: 'active',
          address: `${10 + i}, Main Road, ${city}`,
          cityId: cityId(city),
          gstNo: role === 'seller' ? `08ABCDE${1000 + i}F1Z5` : null,
          created: new Date(now - (DEMO_USERS.length - i) * 86_400_000),
        })),
      )
      .returning({ id: users.id, email: users.email });
    // Scope 'assigned' has something to show: the demo warehouse user works in the Jaipur warehouses.
    await tx
      .insert(userWarehouses)
      .values(
        Object.entries(DEMO_ASSIGNED_WAREHOUSES).flatMap(([email, names]) =>
          names.map((name) => ({ userId: userRows.find((u) => u.email === email)!.id, warehouseId: warehouseRows.find((w) => w.name === name)!.id })),
        ),
      );
    await seedStock(tx, now);
    await seedBatches(tx, now);
    // Nor is its stock news to anyone: live screens are told of the ledger from after it (ledger-announcer.ts).
    await tx.execute(sql`
      insert into live_ledger_cursor (id, seq) select 1, coalesce(max(seq), 0) from stock_movements
      on conflict (id) do update set seq = excluded.seq, holes = '[]'`);
  });
}
