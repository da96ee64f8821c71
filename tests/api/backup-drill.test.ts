import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { readManifest } from '../../src/server/backup/archive.js';
import { archiveOf, runCli } from '../support/backup-cli.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { shift, today } from '../support/business-day.js';
import { expectLedgerInvariant } from '../support/stock-ledger.js';
import { TEST_JWT_SECRET, dbKind, openTestDatabase, seededDataDir } from '../support/test-app.js';

const CLIENTS = 8;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrPhone: 'admin@demo.local', password: 'Admin@123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The disaster drill (issue 35): stock written by 8 clients, a backup taken in the middle of it while the writes go on,
 * the server killed (SIGKILL) and its data deleted, then the archive restored: every movement acknowledged before the
 * backup started is back, balances and values equal the ledger, and the product starts and signs in.
 */
describe('the disaster drill: write under load, back up mid-load, kill, delete, restore', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'grocery-drill-'));
  let server: ServerProcess | undefined;
  let restored: Database | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await restored?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('every movement acknowledged before the backup started is restored; balances = ledger; the product starts and signs in', async () => {
    const t0 = performance.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The data: a copy of the seeded database, in a data folder or on the run's PostgreSQL server.
    let env: Record<string, string>;
    let dataDir = '';
    let url = '';
    if (dbKind === 'pglite') {
      dataDir = await seededDataDir();
      env = { DATA_DIR: dataDir };
    } else {
      const database = await openTestDatabase({ seeded: true });
      url = database.url!;
      await database.close();
      env = { DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET };
    }
    server = await startServerProcess({ ...env, PORT: '0', LOGIN_RATE_LIMIT: '100000' });
    phase('server up');
    const token = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const records = (await (await fetch(`${server.url}/api/inventory?limit=${CLIENTS}`, { headers })).json()) as {
      data: { product_id: string; warehouse_id: string }[];
    };
    expect(records.data.length).toBe(CLIENTS);
    // Valuations: what the stock was worth at the end of yesterday, which no write of the drill touches.
    const valuationOf = async (url: string, bearer: string, query: string) => {
      const res = await fetch(`${url}/api/reports/stock-valuation?group_by=warehouse&limit=100&${query}`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { warehouse_id: string; quantity: number; stock_value?: number }[] }).data;
    };
    const yesterday = `as_of=${shift(today(), -1)}`;
    const pastValuation = await valuationOf(server.url, token, yesterday);
    expect(pastValuation.length).toBeGreaterThan(0);

    // 8 clients, each adding stock to its own record, one movement after another, until told to stop.
    const acknowledged: { ref: string; at: number }[] = [];
    let writing = true;
    const base = server.url;
    const clients = records.data.map(async (record, client) => {
      for (let i = 0; writing; i++) {
        const ref = `DRILL-${client}-${i}`;
        const res = await fetch(`${base}/api/inventory/add-stock`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({
            ...record,
            quantity: 1 + (i % 3),
            unit_cost: 10 + client,
            movement_reason: 'return',
            reference_id: ref,
            reference_type: 'manual',
            notes: 'drill',
          }),
        }).catch(() => null);
        if (res?.status === 200) acknowledged.push({ ref, at: Date.now() });
        else if (res) throw new Error(`add-stock answered ${res.status}: ${await res.text()}`);
        else break; // the server is gone
      }
    });
    const until = async (count: number) => {
      while (acknowledged.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(200);
    phase('200 written');

    // The backup, mid-load: what was acknowledged before it started must come back.
    const backupStarted = Date.now();
    const before = new Set(acknowledged.filter((a) => a.at <= backupStarted).map((a) => a.ref));
    const backup = await runCli('backup', ['--out', path.join(work, 'backups')], env);
    const archive = archiveOf(backup);
    phase('backup done');
    expect(backup.output).toContain(dbKind === 'pglite' ? 'by the running server' : 'by pg_dump');
    // Writes went on during the backup, and go on after it.
    const duringBackup = acknowledged.filter((a) => a.at > backupStarted).length;
    await until(acknowledged.length + 50);
    expect(duringBackup).toBeGreaterThan(0);

    phase('50 more written');
    // The disaster: the server killed mid-write, its data gone.
    await server.stop('SIGKILL');
    writing = false;
    await Promise.all(clients);
    server = undefined;
    if (dbKind === 'pglite') fs.rmSync(dataDir, { recursive: true, force: true });
    else {
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      await admin.query(`drop database ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    }

    const restore = await runCli('restore', [archive], env);
    expect(restore.code, restore.output).toBe(0);
    phase('restored');
    const manifest = await readManifest(archive);
    console.log(
      `drill on ${dbKind}: ${acknowledged.length} movements acknowledged by ${CLIENTS} clients, ${before.size} before the backup, ` +
        `${duringBackup} during it; archive ${manifest.files[0]!.bytes} bytes, ${manifest.tables['public.stock_movements']} ledger rows\n${backup.output}${restore.output}`,
    );

    restored = dbKind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir }) : await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    const refs = new Set(
      rowsOf<{ ref: string }>(await restored.db.execute(sql`select reference_id as ref from stock_movements where reference_id like 'DRILL-%'`)).map(
        (r) => r.ref,
      ),
    );
    expect([...before].filter((ref) => !refs.has(ref))).toEqual([]);
    // Balances and stock values equal the ledger; history and valuations are as the backup counted them (restore checked).
    await expectLedgerInvariant(restored.db);
    const [history] = rowsOf<{ n: number }>(await restored.db.execute(sql`select count(*)::int as n from record_history`));
    expect(history!.n).toBe(manifest.tables['public.record_history']);
    const held = rowsOf<{ warehouse_id: string; quantity: number; stock_value: number }>(
      await restored.db.execute(
        sql`select warehouse_id, sum(current_stock)::float8 as quantity, sum(stock_value)::float8 as stock_value from inventory group by 1 having sum(current_stock) > 0`,
      ),
    );
    await restored.close();
    restored = undefined;
    phase('checked');

    server = await startServerProcess({ ...env, PORT: '0' });
    const again = await signIn(server.url);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // The restored product reports what it held yesterday as before, and today what its balances hold.
    expect(await valuationOf(server.url, again, yesterday)).toEqual(pastValuation);
    const now = await valuationOf(server.url, again, '');
    const byWarehouse = (rows: { warehouse_id: string; quantity: number; stock_value?: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.quantity > 0).map((r) => [r.warehouse_id, [r.quantity, r.stock_value]]));
    expect(byWarehouse(now)).toEqual(byWarehouse(held));
    // Its history reads as before: the drill's stock changes are there (after the restore's own entry: sign-ins ended).
    const recent = await fetch(`${server.url}/api/history?resource=inventory&limit=5`, { headers: { authorization: `Bearer ${again}` } });
    expect(recent.status).toBe(200);
    const entries = ((await recent.json()) as { data: { resource: string; note: string }[] }).data;
    expect(entries.length).toBe(5);
    phase('restarted');
    console.log(phases.join(', '));
  }, 600_000);
});
