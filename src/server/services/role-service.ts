import { eq, sql } from 'drizzle-orm';
import { ROLES, defaultRoleLabel, isBuiltinRole } from '../../domain/roles.js';
import type { RoleCreateInput, RoleOut } from '../../domain/schemas/role.js';
import type { Db, DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { rolePermissions, roleScopes, roleSettings } from '../db/schema.js';
import type { PolicySource } from '../auth/access.js';
import { POLICY_LOCK, policyDocument } from '../auth/db-policy-source.js';
import { HttpError, conflict, notFound } from '../http/errors.js';
import { transactionAs } from '../db/actor.js';
import { recordPolicyChange } from './policy-audit.js';

/** Built-in roles in SPEC.md's order, then custom ones by name. */
const byRoleOrder = (a: { name: string }, b: { name: string }) => {
  const rank = (n: string) => (isBuiltinRole(n) ? (ROLES as readonly string[]).indexOf(n) : ROLES.length);
  return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
};

/** name → label of every role (a built-in role without its own label shows SPEC.md's). */
export async function roleLabels(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db.select({ role: roleSettings.role, label: roleSettings.label }).from(roleSettings);
  return Object.fromEntries(rows.map((r) => [r.role, r.label || defaultRoleLabel(r.role)]));
}

/**
 * The role a user is given must exist, checked inside the user's transaction. The row is share-locked so a
 * concurrent delete of the role waits for the user write and then sees the user holding it.
 */
export async function lockRole(tx: DbOrTx, role: string): Promise<boolean> {
  const [row] = await tx.select({ role: roleSettings.role }).from(roleSettings).where(eq(roleSettings.role, role)).for('share');
  return Boolean(row);
}

/** GET/POST/PUT/DELETE /api/roles. Every change holds the policy lock and is recorded in the audit trail. */
export function roleService(db: Db, source: PolicySource) {
  /** Runs a change of the roles under the policy lock, and records it when it changed the policy document. */
  async function audited<T>(byUserId: string, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const result = await transactionAs(db, { id: byUserId }, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${POLICY_LOCK})`);
      const before = await policyDocument(tx);
      const out = await change(tx);
      await recordPolicyChange(tx, byUserId, before, await policyDocument(tx));
      return out;
    });
    source.invalidate?.();
    return result;
  }

  async function list(tx: DbOrTx = db): Promise<RoleOut[]> {
    const rows = rowsOf<{ name: string; label: string; users: number }>(
      await tx.execute(sql`
      select r.role as name, r.label, (select count(*) from users u where u.role = r.role)::int as users from role_settings r`),
    );
    return rows
      .map((r) => ({ name: r.name, label: r.label || defaultRoleLabel(r.name), builtin: isBuiltinRole(r.name), users: Number(r.users) }))
      .sort(byRoleOrder);
  }

  async function one(tx: DbOrTx, name: string): Promise<RoleOut> {
    const found = (await list(tx)).find((r) => r.name === name);
    if (!found) throw notFound('Role');
    return found;
  }

  return {
    list,

    create: (input: RoleCreateInput, byUserId: string) =>
      audited(byUserId, async (tx) => {
        const [row] = await tx
          .insert(roleSettings)
          .values({ role: input.name, label: input.label, maySignIn: false })
          .onConflictDoNothing()
          .returning({ role: roleSettings.role });
        if (!row) throw conflict(`A role named '${input.name}' already exists`);
        return one(tx, input.name);
      }),

    rename: (name: string, label: string, byUserId: string) =>
      audited(byUserId, async (tx) => {
        const [row] = await tx
          .update(roleSettings)
          .set({ label, modified: new Date() })
          .where(eq(roleSettings.role, name))
          .returning({ role: roleSettings.role });
        if (!row) throw notFound('Role');
        return one(tx, name);
      }),

    /** A built-in role, or one users hold, stays (409). Its grants and scopes go with it. */
    remove: (name: string, byUserId: string) =>
      audited(byUserId, async (tx) => {
        const [row] = await tx.select({ role: roleSettings.role }).from(roleSettings).where(eq(roleSettings.role, name)).for('update');
        if (!row) throw notFound('Role');
        if (isBuiltinRole(name)) throw new HttpError(409, 'A built-in role cannot be deleted. You may rename it.');
        const [held] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users where role = ${name}`));
        const n = Number(held?.n ?? 0);
        if (n > 0) throw new HttpError(409, `This role is held by ${n} user${n === 1 ? '' : 's'}. Give them another role before deleting it.`);
        await tx.delete(rolePermissions).where(eq(rolePermissions.role, name));
        await tx.delete(roleScopes).where(eq(roleScopes.role, name));
        await tx.delete(roleSettings).where(eq(roleSettings.role, name));
      }),
  };
}
