import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { cities, refreshTokens, roleSettings, userWarehouses, users, warehouses } from '../db/schema.js';
import { ROLE_LABELS, USER_STATUSES } from '../../domain/roles.js';
import { AUTOCOMPLETE_LIMIT } from '../../domain/constants.js';
import { normalisePhone } from '../../domain/schemas/auth.js';
import type { UserCreateInput, UserUpdateInput } from '../../domain/schemas/user.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessionSource } from '../auth/sessions.js';
import { badRequest, conflict, isUuid, notFound, pgCode, pgConstraint, requireId, requireRef } from '../http/errors.js';
import type { CrudService } from '../http/crud-routes.js';
import { countRows, equalityFilters, offsetOf, searchFilter, sortOrder, type EqualityFilter } from './list-helpers.js';
import { lockRole } from './role-service.js';
import { assertKeepsAnActiveAdmin, assertNotInStockHistory, assertSelfChangeAllowed, lockActiveAdmins } from './user-guards.js';
import { transactionAs } from '../db/actor.js';
import { recordEvent } from './record-history.js';
import { flatSelection } from '../db/flat-select.js';

export type UserOut = {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
  address: string;
  city_id: string | null;
  city: string | null;
  role: string;
  status: string;
  gst_no: string | null;
  profileimage: string | null;
  created: Date;
  modified: Date;
  /** The warehouses the user is assigned to (what scope 'assigned' lets them reach). */
  warehouse_ids: string[];
  /** The role's label as the admin named it (SPEC.md's for a built-in role never relabelled). */
  role_label: string;
};
export type UserSuggestion = Pick<UserOut, '_id' | 'firstname' | 'lastname' | 'email' | 'role'>;
export type SellerOut = Pick<UserOut, '_id' | 'firstname' | 'lastname' | 'phonenumber'>;

/** Every column a caller may see, named one by one so the password hash can never slip into a response. */
const visible = {
  _id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  phonenumber: users.phonenumber,
  address: users.address,
  city_id: users.cityId,
  city: cities.name,
  role: users.role,
  status: users.status,
  gst_no: users.gstNo,
  profileimage: users.profileimage,
  created: users.created,
  modified: users.modified,
  warehouse_ids: sql<string[]>`array(select uw.warehouse_id::text from ${userWarehouses} uw where uw.user_id = ${users.id} order by uw.warehouse_id)`,
  role_label: sql<string>`coalesce((select nullif(rs.label, '') from ${roleSettings} rs where rs.role = ${users.role}), ${JSON.stringify(ROLE_LABELS)}::jsonb ->> ${users.role}, ${users.role})`,
};

const EMAIL_TAKEN = 'This email is already registered to another user';
const PHONE_TAKEN = 'This phone number is already registered to another user';

const sortable = {
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: users.role,
  status: users.status,
  created: users.created,
  modified: users.modified,
};
const filterable: Record<string, EqualityFilter> = { role: { column: users.role }, status: { column: users.status, values: USER_STATUSES, multiple: true } };

function userSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return or(
    searchFilter(q, [users.firstname, users.lastname, users.email, sql`${users.firstname} || ' ' || ${users.lastname}`]),
    searchFilter(normalisePhone(q), [users.phonenumber]),
  );
}

/** The columns a create or update writes, checked: city exists, e-mail and phone free (a 409 naming which). */
async function toRow(tx: DbOrTx, input: UserCreateInput | UserUpdateInput, exceptId?: string) {
  const phonenumber = normalisePhone(input.phonenumber);
  const cityId = requireRef(input.city_id, 'city_id', 'City');
  const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
  if (!city) throw badRequest('city_id', 'City not found');
  const taken = await tx
    .select({ email: users.email, phonenumber: users.phonenumber })
    .from(users)
    .where(and(or(sql`lower(${users.email}) = ${input.email}`, eq(users.phonenumber, phonenumber)), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(2);
  if (taken.some((u) => u.email.toLowerCase() === input.email)) throw conflict(EMAIL_TAKEN);
  if (taken.some((u) => u.phonenumber === phonenumber)) throw conflict(PHONE_TAKEN);
  if (!(await lockRole(tx, input.role))) throw badRequest('role', 'Role not found');
  return {
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    phonenumber,
    address: input.address,
    cityId,
    role: input.role,
    status: input.status,
    gstNo: input.gst_no ?? null,
    profileimage: input.profileimage ?? null,
  };
}

/** The warehouse ids of a body, checked to exist (400 naming warehouse_ids), without duplicates, in a stable order. */
async function checkedWarehouses(tx: DbOrTx, ids: string[] | undefined): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
  if (wanted.some((id) => !isUuid(id))) throw badRequest('warehouse_ids', 'Warehouse not found');
  if (!wanted.length) return [];
  const found = await tx.select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.id, wanted));
  if (found.length !== wanted.length) throw badRequest('warehouse_ids', 'Warehouse not found');
  return wanted;
}

/** Replaces a user's assigned warehouses; says whether the set changed. */
async function assignWarehouses(tx: DbOrTx, userId: string, ids: string[] | undefined): Promise<Reassignment | null> {
  if (ids === undefined) return null;
  const current = (await tx.select({ id: userWarehouses.warehouseId }).from(userWarehouses).where(eq(userWarehouses.userId, userId))).map((r) => r.id).sort();
  if (JSON.stringify(current) === JSON.stringify(ids)) return null;
  await tx.delete(userWarehouses).where(eq(userWarehouses.userId, userId));
  if (ids.length) await tx.insert(userWarehouses).values(ids.map((warehouseId) => ({ userId, warehouseId })));
  return { warehouse_ids: [current, ids] };
}

/** A user's warehouses before and after: their own table, so the history trigger on users does not see them. */
type Reassignment = { warehouse_ids: [string[], string[]] };

/** A unique-index violation that slipped past the check (two requests at once) is still a 409 naming the field. */
function uniqueViolation(error: unknown): never {
  if (pgCode(error) === '23505') {
    const constraint = pgConstraint(error);
    if (constraint === 'users_email_unique') throw conflict(EMAIL_TAKEN);
    if (constraint === 'users_phone_unique') throw conflict(PHONE_TAKEN);
  }
  throw error;
}

/** `sessions`: told at once when a change ends a user's tokens (other processes hear it from the database). */
export function userService(
  db: Db,
  sessions?: Pick<SessionSource, 'invalidate'>,
): CrudService<UserCreateInput, UserUpdateInput, UserOut> & {
  autocomplete(query: string): Promise<UserSuggestion[]>;
  sellers(cityId: string | undefined): Promise<SellerOut[]>;
} {
  const select = () => db.select(visible).from(users).leftJoin(cities, eq(cities.id, users.cityId));
  const whereOf = (query: { q?: string } & Record<string, unknown>) => and(userSearch(query.q), equalityFilters(query, filterable));
  const orderOf = (query: { sort?: string; order?: 'asc' | 'desc' }) => sortOrder(query, sortable, [desc(users.created), desc(users.id)]);

  async function get(id: string) {
    const [row] = await select()
      .where(eq(users.id, requireId(id, 'User')))
      .limit(1);
    if (!row) throw notFound('User');
    return row;
  }

  return {
    sortFields: Object.keys(sortable),
    filterFields: Object.keys(filterable),
    async list(query) {
      const where = whereOf(query);
      const [rows, total] = await Promise.all([
        select()
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.limit)
          .offset(offsetOf(query)),
        countRows(db, users, where),
      ]);
      return { rows, total };
    },
    exportRows(query) {
      const flat = flatSelection(visible);
      return {
        query: db
          .select(flat.fields)
          .from(users)
          .leftJoin(cities, eq(cities.id, users.cityId))
          .where(whereOf(query))
          .orderBy(...orderOf(query))
          .getSQL(),
        rows: (_, raw) => raw.map((r) => flat.decode(r) as UserOut),
      };
    },
    get,

    async create(input, by) {
      const passwordHash = await hashPassword(input.password);
      const id = await transactionAs(db, by, async (tx) => {
        const assigned = await checkedWarehouses(tx, input.warehouse_ids);
        const [row] = await tx
          .insert(users)
          .values({ ...(await toRow(tx, input)), passwordHash })
          .returning({ id: users.id });
        await assignWarehouses(tx, row!.id, assigned);
        return row!.id;
      }).catch(uniqueViolation);
      return get(id);
    },

    /** A new password, role or status ends every session of that user: old access and refresh tokens stop working. */
    async update(id, input, by) {
      const userId = requireId(id, 'User');
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      await transactionAs(db, by, async (tx) => {
        const demotes = input.role !== 'admin' || input.status !== 'active';
        const activeAdmins = demotes ? await lockActiveAdmins(tx) : [];
        const [current] = await tx.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw notFound('User');
        assertSelfChangeAllowed(by, userId, current, input);
        if (demotes) assertKeepsAnActiveAdmin(activeAdmins, userId, 'update');
        const row = await toRow(tx, input, userId);
        const reassignment = await assignWarehouses(tx, userId, await checkedWarehouses(tx, input.warehouse_ids));
        const reassigned = reassignment !== null;
        if (reassignment) {
          const label = `${row.firstname} ${row.lastname}`;
          await recordEvent(tx, { resource: 'users', recordId: userId, recordLabel: label, action: 'updated', by, changes: reassignment });
        }
        // A new warehouse assignment is a new session too (issue 15), like a new role.
        const endsSessions = Boolean(passwordHash) || row.role !== current.role || row.status !== current.status || reassigned;
        await tx
          .update(users)
          .set({
            ...row,
            ...(passwordHash && { passwordHash }),
            modified: sql`now()`,
            ...(endsSessions && { sessionVersion: sql`${users.sessionVersion} + 1` }),
          })
          .where(eq(users.id, userId));
        if (endsSessions) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
        }
      }).catch(uniqueViolation);
      sessions?.invalidate(userId);
      return get(userId);
    },

    async remove(id, by) {
      const userId = requireId(id, 'User');
      if (userId === by.id) throw badRequest('id', 'You cannot delete your own account');
      await transactionAs(db, by, async (tx) => {
        const activeAdmins = await lockActiveAdmins(tx);
        const [current] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update').limit(1);
        if (!current) throw notFound('User');
        assertKeepsAnActiveAdmin(activeAdmins, userId, 'delete');
        await assertNotInStockHistory(tx, userId);
        await tx.delete(users).where(eq(users.id, userId));
      }).catch((error: unknown) => {
        // A stock movement naming this user committed between the check and the delete.
        if (pgCode(error) === '23503') throw conflict('This user appears in stock movements. Set the user inactive instead of deleting it.');
        throw error;
      });
      sessions?.invalidate(userId);
    },

    async autocomplete(query) {
      if (!query) return [];
      return db
        .select({ _id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, role: users.role })
        .from(users)
        .where(userSearch(query))
        .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id))
        .limit(AUTOCOMPLETE_LIMIT);
    },

    /** Active sellers, of one city when it is given. */
    async sellers(cityId) {
      const city = cityId === undefined ? undefined : eq(users.cityId, requireRef(cityId, 'city_id', 'City'));
      return db
        .select({ _id: users.id, firstname: users.firstname, lastname: users.lastname, phonenumber: users.phonenumber })
        .from(users)
        .where(and(eq(users.role, 'seller'), eq(users.status, 'active'), city))
        .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
    },
  };
}
