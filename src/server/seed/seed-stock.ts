import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { inventory, products, users, warehouses } from '../db/schema.js';
import { insertCheckingKeysOnce } from '../db/bulk-insert.js';

/**
 * Demo stock: a balance in every warehouse for most products, and 90 days of purchases, sales, returns and
 * damaged goods behind it. The history is simulated here (deterministically) and written with two set-based
 * inserts; every ledger row satisfies stock_after = stock_before + quantity >= 0, and each balance equals the
 * sum of its rows, exactly as if the movements had gone through the API.
 */

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;

type Profile = 'normal' | 'low' | 'out';
type Movement = {
  product_id: string;
  warehouse_id: string;
  movement_type: string;
  quantity: number;
  stock_before: number;
  stock_after: number;
  unit_cost: number;
  total_value: number;
  value_change: number;
  movement_reason: string | null;
  reference_id: string | null;
  reference_type: string;
  seller_id: string | null;
  performed_by: string;
  notes: string;
  created: string;
};

/** mulberry32: a small seeded generator, so every demo database holds the same history. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A balance's value in paise, moved as the SQL functions move it (src/server/db/functions/10-ledger.sql): units in at
 * their cost, units out at the average, the last unit out taking what is left. Integer paise, rounding half up like
 * PostgreSQL's round() of a positive numeric.
 */
class MovingAverage {
  stock = 0;
  paise = 0;
  /** Paise that `units` of the balance are worth at its average. */
  share(units: number): number {
    if (units >= this.stock) return this.paise;
    return Math.floor((2 * this.paise * units + this.stock) / (2 * this.stock));
  }
  move(quantity: number, costPaise: number | null): number {
    const change = quantity < 0 ? -this.share(-quantity) : costPaise !== null ? quantity * costPaise : this.share(quantity);
    this.stock += quantity;
    this.paise += change;
    return change;
  }
}

export async function seedStock(tx: DbOrTx, now = Date.now()): Promise<void> {
  // One after the other: a transaction is one connection.
  const productRows = await tx.select({ id: products.id, price: products.discountPrice }).from(products).orderBy(products.created, products.id);
  const warehouseRows = await tx.select({ id: warehouses.id, cityId: warehouses.cityId }).from(warehouses).orderBy(warehouses.name);
  const userRows = await tx.select({ id: users.id, role: users.role, cityId: users.cityId }).from(users).orderBy(users.email);
  const admin = userRows.find((u) => u.role === 'admin');
  if (!admin || productRows.length === 0) return;
  const rnd = random(20240601);
  // Purchase prices vary around each product's cost on their own generator, so the quantities stay those of every
  // earlier demo database.
  const priceRnd = random(20261124);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const start = Math.floor((now - HISTORY_DAYS * DAY_MS) / DAY_MS) * DAY_MS; // a UTC midnight

  const balances: (typeof inventory.$inferInsert)[] = [];
  const movements: Movement[] = [];
  let ref = 1000;

  warehouseRows.forEach((w, wi) => {
    const staff = userRows.find((u) => u.role === 'warehouse-user' && u.cityId === w.cityId) ?? admin;
    const sellers = userRows.filter((u) => u.role === 'seller');
    const localSellers = sellers.filter((u) => u.cityId === w.cityId);
    const seller = (localSellers.length ? localSellers : sellers)[0]?.id ?? null;

    productRows.forEach((p, pi) => {
      if ((pi + wi) % 6 === 5) return; // not every warehouse carries everything
      const k = (pi * 7 + wi * 3) % 10;
      const profile: Profile = k === 0 ? 'out' : k <= 2 ? 'low' : 'normal';
      const minimum = int(8, 25);
      const maximum = minimum * int(8, 12);
      const baseCost = Math.max(0.01, round2(p.price * 0.7));
      const value = new MovingAverage();
      let lastPurchaseCost = baseCost;
      let stock = 0;
      let lastDay = -1;
      let slot = 0;

      const move = (day: number, type: string, quantity: number, extra: Partial<Movement> = {}, cost: number | null = null) => {
        const before = stock;
        const change =
          value.move(quantity, cost === null ? (before === 0 && quantity > 0 ? Math.round(lastPurchaseCost * 100) : null) : Math.round(cost * 100)) / 100;
        stock += quantity;
        // Events of one day keep their order: each takes the next two-hour slot from 03:00 UTC (08:30 in India).
        slot = day === lastDay ? slot + 1 : 0;
        lastDay = day;
        movements.push({
          product_id: p.id,
          warehouse_id: w.id,
          movement_type: type,
          quantity,
          stock_before: before,
          stock_after: stock,
          unit_cost: cost ?? round2(Math.abs(change) / Math.abs(quantity)),
          total_value: Math.abs(change),
          value_change: change,
          movement_reason: null,
          reference_id: null,
          reference_type: 'manual',
          seller_id: null,
          performed_by: staff.id,
          notes: '',
          created: new Date(start + day * DAY_MS + (3 + 2 * slot + rnd() * 1.9) * 3_600_000).toISOString(),
          ...extra,
        });
      };
      const purchase = (day: number, quantity: number) => {
        lastPurchaseCost = Math.max(0.01, round2(baseCost * (0.9 + priceRnd() * 0.2)));
        move(
          day,
          'in',
          quantity,
          { movement_reason: 'purchase', reference_id: `INV-${ref++}`, reference_type: 'invoice', seller_id: seller, notes: 'Supplier delivery' },
          lastPurchaseCost,
        );
      };

      const lowTarget = Math.max(1, Math.floor(minimum / 2));
      const target = profile === 'out' ? 0 : lowTarget;
      purchase(0, int(Math.ceil(maximum / 2), maximum));
      for (let day = 1; day < HISTORY_DAYS - 1; day++) {
        // Low and out-of-stock items stopped being restocked a month ago...
        const restocking = profile === 'normal' || day < HISTORY_DAYS - 30;
        if (restocking && stock < minimum * 2) purchase(day, maximum - stock);
        // ...and sold down over that month, so no single day carries an outsized drop.
        if (!restocking && stock > target && rnd() < 0.5) {
          const daysLeft = HISTORY_DAYS - 1 - day;
          const q = Math.min(stock - target, Math.ceil(((stock - target) * 2) / Math.max(1, daysLeft)));
          move(day, 'out', -q, { reference_id: `ORD-${ref++}`, reference_type: 'invoice', notes: 'Customer order' });
        }
        if (rnd() < 0.25) {
          const q = Math.min(stock, int(1, Math.max(2, Math.round(maximum / 12))));
          if (q > 0) move(day, 'out', -q, { reference_id: `ORD-${ref++}`, reference_type: 'invoice', notes: 'Customer order' });
        }
        if (rnd() < 0.04)
          move(day, 'return', int(1, 2), { movement_reason: 'return', reference_id: `ORD-${ref++}`, reference_type: 'invoice', notes: 'Customer return' });
        if (rnd() < 0.03 && stock >= 2) move(day, 'damaged', -int(1, 2), { notes: rnd() < 0.5 ? 'Damaged in storage' : 'Expired' });
      }
      const last = HISTORY_DAYS - 1;
      if (profile === 'out' && stock > 0) move(last, 'out', -stock, { reference_id: `ORD-${ref++}`, reference_type: 'invoice', notes: 'Bulk order' });
      if (profile === 'low' && stock > lowTarget)
        move(last, 'out', lowTarget - stock, { reference_id: `ORD-${ref++}`, reference_type: 'invoice', notes: 'Bulk order' });
      if (profile === 'low' && stock === 0) move(last, 'in', lowTarget, { movement_reason: 'adjustment', notes: 'Stock count correction' });

      balances.push({
        productId: p.id,
        warehouseId: w.id,
        currentStock: stock,
        minimumStock: minimum,
        maximumStock: maximum,
        stockValue: value.paise / 100,
        unitCost: stock > 0 ? round2(value.paise / 100 / stock) : lastPurchaseCost,
        location: `Aisle ${String.fromCharCode(65 + (pi % 6))}-${1 + (pi % 12)}`,
        notes: '',
        // Replenishment (issue 31): bought from the seller its purchases came from, 2 to 7 days after ordering.
        preferredSellerId: seller,
        leadTimeDays: 2 + ((pi + wi) % 6),
      });
    });
  });

  if (balances.length) await tx.insert(inventory).values(balances);
  // Ordered by time, so the ledger's seq follows the order of events.
  await insertCheckingKeysOnce(
    tx,
    'stock_movements',
    sql`
    insert into stock_movements (product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost,
      total_value, value_change, movement_reason, reference_id, reference_type, seller_id, performed_by, notes, created)
    select product_id, warehouse_id, movement_type, quantity, stock_before, stock_after, unit_cost, total_value, value_change,
      movement_reason, reference_id, reference_type, seller_id, performed_by, notes, created
      from jsonb_to_recordset(${JSON.stringify(movements)}::jsonb) as m(product_id uuid, warehouse_id uuid, movement_type text,
        quantity int, stock_before int, stock_after int, unit_cost numeric, total_value numeric, value_change numeric, movement_reason text,
        reference_id text, reference_type text, seller_id uuid, performed_by uuid, notes text, created timestamptz)
     order by created`,
  );
}
