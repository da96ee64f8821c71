import { desc, eq } from 'drizzle-orm';
import { DEFAULT_POLICY, RESOURCES, type Policy } from '../../domain/policy.js';
import { ROLES } from '../../domain/roles.js';
import { normalisePolicy } from '../../domain/schemas/permissions.js';
import type { Db } from '../db/client.js';
import { permissionAudit, rolePermissions, roleSettings, users } from '../db/schema.js';
import type { PolicySource } from '../auth/access.js';
import { policyRows, readPolicy } from '../auth/db-policy-source.js';

export function permissionsService(db: Db, source: PolicySource) {
  return {
    async get() {
      return { roles: ROLES, resources: RESOURCES, policy: normalisePolicy(await readPolicy(db)), defaults: normalisePolicy(DEFAULT_POLICY) };
    },

    /** Replaces the whole matrix in one transaction and records who changed what. */
    async replace(next: Policy, byUserId: string) {
      const after = normalisePolicy(next);
      await db.transaction(async (tx) => {
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
