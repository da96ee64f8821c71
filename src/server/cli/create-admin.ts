import { parseArgs } from 'node:util';
import { eq, or, sql } from 'drizzle-orm';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword, setPasswordHashCost } from '../auth/passwords.js';
import { userCreateSchema } from '../../domain/schemas/user.js';
import { normalisePhone } from '../../domain/schemas/auth.js';

/** npm run create-admin -- --email a@b.c --password '...' [--phone ...] [--firstname ...] [--lastname ...] */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      phone: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
    },
  });
  const config = readConfig();
  setPasswordHashCost(config.passwordHashCost);
  const database = await openDatabase(config.db);
  try {
    const input = userCreateSchema.omit({ city_id: true }).safeParse({
      firstname: values.firstname ?? 'Admin',
      lastname: values.lastname ?? 'User',
      email: values.email,
      phonenumber: values.phone ?? `9${String(Date.now()).slice(-9)}`,
      password: values.password,
      address: '-',
      role: 'admin',
      status: 'active',
    });
    if (!input.success) {
      for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
      process.exitCode = 1;
      return;
    }
    const u = input.data;
    const phone = normalisePhone(u.phonenumber);
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${u.email}`, eq(users.phonenumber, phone)))
      .limit(1);
    if (existing) {
      console.error(`A user with e-mail ${u.email} or phone ${phone} already exists.`);
      process.exitCode = 1;
      return;
    }
    await database.db.insert(users).values({
      firstname: u.firstname,
      lastname: u.lastname,
      email: u.email,
      phonenumber: phone,
      passwordHash: await hashPassword(u.password),
      address: u.address,
      role: 'admin',
      status: 'active',
    });
    console.log(`Admin ${u.email} created.`);
  } finally {
    await database.close();
  }
}

void main();
