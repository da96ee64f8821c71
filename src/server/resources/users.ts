import { users } from '../db/schema.js';
import { userService } from '../services/user-service.js';
import type { ServerPartModule } from '../served-resources.js';

/** Passwords, sessions and warehouse assignments: a service of its own. */
export default { table: users, service: ({ database, sessions }) => userService(database.db, sessions) } satisfies ServerPartModule;
