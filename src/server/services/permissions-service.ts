import { count, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_POLICY, RESOURCES, type Policy } from '../../domain/policy.js';
import { ROLES } from '../../domain/roles.js';
import { PERMISSIONS_CHANGED_MESSAGE, normalisePolicy } from '../../domain/schemas/permissions.js';
import { conflict } from '../http/errors.js';
import type { Db, DbOrTx } from '../db/client.js';
import { permissionAudit, rolePermissions, roleSettings, users } from '../db/schema.js';
import type { PolicySource } from '../auth/access.js';
import { POLICY_LOCK, policyRows, readPolicy } from '../auth/db-policy-source.js';

/** Each recorded change bumps the version; an editor sends back the version it loaded. */
async function policyVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(permissionAudit);
  return Number(row?.n ?? 0);
}

export function permissionsService(db: Db, source: PolicySource) {
  return {
    async get() {
      const [policy, version] = await Promise.all([readPolicy(db), policyVersion(db)]);
      return { roles: ROLES, resources: RESOURCES, policy: normalisePolicy(policy), defaults: normalisePolicy(DEFAULT_POLICY), version };
    },

    /** Replaces the whole matrix in one transaction and records who changed what. */
    async replace(next: Policy, byUserId: string, expectedVersion?: number) {
      const after = normalisePolicy(next);
      await db.transaction(async (tx) => {
        // One editor at a time, across API processes: the version check and the write must not interleave.
        await tx.execute(sql`select pg_advisory_xact_lock(${POLICY_LOCK})`);
        if (expectedVersion !== undefined && expectedVersion !== (await policyVersion(tx))) throw conflict(PERMISSIONS_CHANGED_MESSAGE);
        const before = normalisePolicy(await readPolicy(tx));
        const { settings, grants } = policyRows(after);
        await tx.delete(rolePermissions);
        if (grants.length) await tx.insert(rolePermissions).values(grants);
        for (const s of settings) {
          await tx.insert(roleSettings).values(s).onConflictDoUpdate({ target: roleSettings.role, set: { maySignIn: s.maySignIn, modified: new Date() } });
        }
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await tx.insert(permissionAudit).values({ userId: byUserId, before, after });
        }
      });
      source.invalidate?.();
      return this.get();
    },

    async audit(limit: number) {
      const rows = await db
        .select({ a: permissionAudit, firstname: users.firstname, lastname: users.lastname, email: users.email })
        .from(permissionAudit)
        .leftJoin(users, eq(users.id, permissionAudit.userId))
        .orderBy(desc(permissionAudit.created))
        .limit(limit);
      return {
        data: rows.map(({ a, firstname, lastname, email }) => ({
          _id: a.id, user_id: a.userId, user_name: firstname ? `${firstname} ${lastname ?? ''}`.trim() : null, user_email: email,
          created: a.created, before: a.before, after: a.after,
        })),
      };
    },
  };
}
