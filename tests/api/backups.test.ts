import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readManifest, type Manifest } from '../../src/server/backup/archive.js';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client.js';
import { knownMigrations } from '../../src/server/db/migration-level.js';
import { rowsOf } from '../../src/server/db/rows.js';
import { archiveOf, runCli } from '../support/backup-cli.js';
import { TEST_JWT_SECRET, createTestApp, dbKind, openTestDatabase, seededDataDir, type TestApp } from '../support/test-app.js';

const temp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const created: string[] = [];
afterAll(() => created.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A fresh database name on the run's server, not created: a restore creates it. */
const newDatabaseUrl = (url: string) => url.replace(/\/[^/]*$/, `/r_${crypto.randomBytes(5).toString('hex')}`);

/** The environment that names a database of this run's kind, for the CLIs. */
type Target = { env: Record<string, string>; open: () => Promise<Database> };
function target(where: { url?: string; dataDir?: string }): Target {
  return where.url
    ? { env: { DATABASE_URL: where.url, JWT_SECRET: TEST_JWT_SECRET }, open: () => openDatabase({ kind: 'postgres', url: where.url!, poolSize: 2 }) }
    : { env: { DATA_DIR: where.dataDir! }, open: () => openDatabase({ kind: 'pglite', dataDir: where.dataDir! }) };
}
const emptyTarget = () => {
  if (dbKind === 'postgres') return target({ url: newDatabaseUrl(inject('pgUrl')) });
  const dataDir = temp('grocery-restore-');
  created.push(dataDir);
  return target({ dataDir });
};

/** A copy of an archive with its manifest changed (a later version's, say). */
async function withManifest(archive: string, change: (m: Manifest) => void): Promise<string> {
  const dir = temp('grocery-archive-');
  created.push(dir);
  await tar.x({ file: archive, cwd: dir });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  change(manifest);
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const file = path.join(dir, path.basename(archive));
  await tar.c({ file, cwd: dir }, ['manifest.json', manifest.files[0]!.name]);
  return file;
}

describe('npm run backup and npm run restore', () => {
  let source: Target;
  let archive = '';
  let backupRun = '';
  let sourceCounts: Record<string, number> = {};
  beforeAll(async () => {
    let url: string | undefined;
    let dataDir: string | undefined;
    if (dbKind === 'postgres') {
      const database = await openTestDatabase({ seeded: true });
      url = database.url!;
      await database.close();
    } else {
      dataDir = await seededDataDir();
      created.push(dataDir);
    }
    source = target({ url, dataDir });
    const out = temp('grocery-backups-');
    created.push(out);
    const run = await runCli('backup', ['--out', out], source.env);
    backupRun = run.output;
    archive = archiveOf(run);
    const database = await source.open();
    sourceCounts = Object.fromEntries(
      rowsOf<{ name: string; n: number }>(
        await database.db.execute(
          sql`select 'public.users' as name, count(*)::int as n from users union all select 'public.stock_movements', count(*)::int from stock_movements`,
        ),
      ).map((r) => [r.name, r.n]),
    );
    await database.close();
  }, 240_000);

  it('writes one timestamped archive: a manifest (version, migrations, rows per table, images, checksum) and the database', async () => {
    expect(path.basename(archive)).toMatch(/^grocery-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar$/);
    const manifest = await readManifest(archive);
    const known = knownMigrations(migrationsFolder);
    expect(manifest).toMatchObject({
      format: 'grocery-backup/1',
      product: { name: 'grocery-backoffice', version: '0.1.0' },
      database: { kind: dbKind },
      migrations: { count: known.count, lastWhen: known.lastWhen, lastTag: known.lastTag },
      images: { stored: expect.stringContaining('table images, bytea') },
    });
    expect(manifest.files).toEqual([
      { name: dbKind === 'postgres' ? 'database.pgdump' : 'pgdata.tar.gz', bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(manifest.tables).toMatchObject(sourceCounts);
    expect(manifest.tables['drizzle.__drizzle_migrations']).toBe(known.count);
    expect(backupRun).toContain(dbKind === 'postgres' ? 'by pg_dump' : 'by this process (no server was running)');
  });

  it('restores into an empty database, verifying checksum and row counts; every sign-in of the archive is ended', async () => {
    const into = emptyTarget();
    const run = await runCli('restore', [archive], into.env);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('checksum verified');
    expect(run.output).toContain('no migration needed');
    const database = await into.open();
    const counts = rowsOf<{ users: number; movements: number; open: number }>(
      await database.db.execute(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from stock_movements) as movements,
                   (select count(*)::int from refresh_tokens where revoked_at is null) as open`,
      ),
    )[0]!;
    await database.close();
    expect(counts).toEqual({ users: sourceCounts['public.users'], movements: sourceCounts['public.stock_movements'], open: 0 });

    // Again into the same, now occupied, database: refused, then with --force the data there is kept aside.
    const again = await runCli('restore', [archive], into.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds .*add --force to keep it aside and replace it/);
    const forced = await runCli('restore', [archive, '--force'], into.env);
    expect(forced.code, forced.output).toBe(0);
    const aside = /kept aside as (\S+)/.exec(forced.output)?.[1];
    if (dbKind === 'pglite') expect(fs.existsSync(aside!)).toBe(true);
    else {
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      expect((await admin.query('select 1 from pg_database where datname = $1', [aside])).rowCount).toBe(1);
      await admin.end();
    }
  }, 240_000);

  it('refuses an archive of a newer version, and a damaged one, changing nothing', async () => {
    const newer = await withManifest(archive, (m) => {
      m.product.version = '9.0.0';
      m.migrations = { ...m.migrations, count: m.migrations.count + 1, lastWhen: m.migrations.lastWhen + 86_400_000, lastTag: '0099_later' };
    });
    const into = emptyTarget();
    const refused = await runCli('restore', [newer], into.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('This archive was made by a newer version of the product (9.0.0:');
    expect(refused.output).toContain('Restore it with version 9.0.0 or newer.');

    const damaged = await withManifest(archive, (m) => (m.files[0]!.sha256 = '0'.repeat(64)));
    const broken = await runCli('restore', [damaged], into.env);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/does not match its manifest .*the archive is damaged/);
    if (into.env.DATA_DIR) expect(fs.existsSync(path.join(into.env.DATA_DIR, 'pgdata'))).toBe(false);
  }, 240_000);
});

describe('Setting → Backups: the API', () => {
  let t: TestApp;
  let dir = '';
  beforeAll(async () => {
    dir = temp('grocery-api-backups-');
    created.push(dir);
    t = await createTestApp({ backup: { dir, everyMs: null, keep: 2 }, onDisk: true });
  }, 120_000);
  afterAll(() => t?.close());

  it('admin runs one now, lists it and downloads it as a stream of the archive; the other roles may not', async () => {
    expect((await t.request('GET', '/api/backups', { role: 'admin' })).body).toMatchObject({
      data: [],
      total: 0,
      status: { configured: true, keep: 2, failure: null },
    });
    const taken = await t.request('POST', '/api/backups', { role: 'admin' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ name: expect.stringMatching(/^grocery-backup-/), bytes: expect.any(Number), seconds: expect.any(Number) });
    const list = await t.request('GET', '/api/backups', { role: 'admin' });
    expect(list.body.data).toEqual([{ name: taken.body.name, bytes: taken.body.bytes, created: expect.any(String) }]);
    expect(list.body.status.last.name).toBe(taken.body.name);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${taken.body.name}`,
      headers: { authorization: `Bearer ${await t.token('admin')}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${taken.body.name}"`);
    expect(download.rawPayload.equals(fs.readFileSync(path.join(dir, taken.body.name)))).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${taken.body.name}`],
    ] as const) {
      expect((await t.request(method, url, { role: 'warehouse-user' })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url)).status).toBe(401);
    }
  }, 120_000);

  it('a name that is not an archive of ours is a 400 naming the field, an unknown one a 404; BACKUP_KEEP is kept', async () => {
    const odd = await t.request('GET', '/api/backups/..%2F..%2Fetc%2Fpasswd', { role: 'admin' });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toContain('name: not the name of a backup');
    expect((await t.request('GET', '/api/backups/grocery-backup-2020-01-01T00-00-00-000Z.tar', { role: 'admin' })).status).toBe(404);
    expect((await t.request('POST', '/api/backups', { role: 'admin' })).status).toBe(201);
    expect((await t.request('POST', '/api/backups', { role: 'admin' })).status).toBe(201);
    expect((await t.request('GET', '/api/backups', { role: 'admin' })).body.total).toBe(2);
  }, 120_000);

  it('a failed run is shown by the health check, the list and the metrics until a run succeeds, even when BACKUP_DIR cannot be written', async () => {
    const failedNow = async () => {
      const health = await t.request('GET', '/api/health');
      const list = await t.request('GET', '/api/backups', { role: 'admin' });
      const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      return { health: health.body.backup?.status, failure: list.body.status.failure, metric: /^\w*backup_last_run_failed (\d)/m.exec(metrics)?.[1] };
    };
    // The folder gone and a file in its place (a disk not mounted, a mistake): the run fails, and so does writing it down.
    fs.renameSync(dir, `${dir}.away`);
    fs.writeFileSync(dir, 'not a folder');
    const failed = await t.request('POST', '/api/backups', { role: 'admin' });
    expect(failed.status).toBe(500);
    expect(failed.body.message).toMatch(/^The backup failed: /);
    const seen = await failedNow();
    expect(seen).toMatchObject({ health: 'failed', failure: { at: expect.any(String), message: expect.any(String) }, metric: '1' });
    expect(`The backup failed: ${seen.failure.message}`).toBe(failed.body.message);
    // The list still answers: a folder that is no folder holds no archive.
    expect((await t.request('GET', '/api/backups', { role: 'admin' })).body.total).toBe(0);

    fs.rmSync(dir);
    fs.renameSync(`${dir}.away`, dir);
    expect((await t.request('POST', '/api/backups', { role: 'admin' })).status).toBe(201);
    expect(await failedNow()).toEqual({ health: 'ok', failure: null, metric: '0' });

    // A failure another process sharing the folder wrote down (or this one before a restart) shows here too.
    const elsewhere = { at: new Date(Date.now() + 1000).toISOString(), message: 'pg_dump was not found on this machine' };
    fs.writeFileSync(path.join(dir, 'last-failure.json'), JSON.stringify(elsewhere));
    expect(await failedNow()).toEqual({ health: 'failed', failure: elsewhere, metric: '1' });
    expect((await t.request('POST', '/api/backups', { role: 'admin' })).status).toBe(201);
    expect(await failedNow()).toEqual({ health: 'ok', failure: null, metric: '0' });
  }, 120_000);
});
