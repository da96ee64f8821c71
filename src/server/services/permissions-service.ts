import { count, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_POLICY, RESOURCES, WAREHOUSE_SCOPED, type Policy } from '../../domain/policy.js';
import { PERMISSIONS_CHANGED_MESSAGE, normalisePolicy, type PolicyInput } from '../../domain/schemas/permissions.js';
import { badRequest, conflict } from '../http/errors.js';
import type { Db, DbOrTx } from '../db/client.js';
import { permissionAudit, rolePermissions, roleScopes, roleSettings, users } from '../db/schema.js';
import type { PolicySource } from '../auth/access.js';
import { POLICY_LOCK, policyDocument, policyRows, readPolicy } from '../auth/db-policy-source.js';
import { roleLabels } from './role-service.js';
import { transactionAs } from '../db/actor.js';
import { recordPolicyChange } from './policy-audit.js';

/** Each recorded change bumps the version; an editor sends back the version it loaded. */
export async function policyVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(permissionAudit);
  return Number(row?.n ?? 0);
}

export function permissionsService(db: Db, source: PolicySource) {
  return {
    async get() {
      const [policy, version, labels] = await Promise.all([readPolicy(db), policyVersion(db), roleLabels(db)]);
      const normal = normalisePolicy(policy);
      const roles = Object.keys(normal.signIn);
      return {
        roles,
        labels,
        resources: RESOURCES,
        scoped: WAREHOUSE_SCOPED,
        policy: normal,
        defaults: normalisePolicy(DEFAULT_POLICY, roles),
        version,
      };
    },

    /** Replaces the whole matrix (grants, sign-in and scopes) in one transaction and records who changed what. */
    async replace(next: PolicyInput, byUserId: string, expectedVersion?: number) {
      await transactionAs(db, { id: byUserId }, async (tx) => {
        // One editor at a time, across API processes: the version check and the write must not interleave.
        await tx.execute(sql`select pg_advisory_xact_lock(${POLICY_LOCK})`);
        if (expectedVersion !== undefined && expectedVersion !== (await policyVersion(tx))) throw conflict(PERMISSIONS_CHANGED_MESSAGE);
        const known = (await tx.select({ role: roleSettings.role }).from(roleSettings)).map((r) => r.role);
        const unknown: string[] = [];
        for (const role of [...Object.keys(next.signIn), ...Object.keys(next.grants), ...Object.keys(next.scope ?? {})]) {
          if (!known.includes(role)) unknown.push(role);
        }
        if (unknown.length) throw badRequest('signIn', `Unknown role '${unknown[0]}': create it first`);
        const after: Policy = normalisePolicy(next, known);
        const before = await policyDocument(tx);
        const { settings, grants, scopes } = policyRows(after, known);
        await tx.delete(rolePermissions);
        if (grants.length) await tx.insert(rolePermissions).values(grants);
        await tx.delete(roleScopes);
        if (scopes.length) await tx.insert(roleScopes).values(scopes);
        for (const s of settings) {
          await tx.update(roleSettings).set({ maySignIn: s.maySignIn, modified: new Date() }).where(eq(roleSettings.role, s.role));
        }
        await recordPolicyChange(tx, byUserId, before, await policyDocument(tx));
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
          _id: a.id,
          user_id: a.userId,
          user_name: firstname ? `${firstname} ${lastname ?? ''}`.trim() : null,
          user_email: email,
          created: a.created,
          before: a.before,
          after: a.after,
        })),
      };
    },
  };
}
