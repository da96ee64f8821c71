import { handlingCharges } from '../db/schema.js';
import type { ServerPartModule } from '../served-resources.js';

/** A table that predates declarations (SPEC.md's handling charges). */
export default { table: handlingCharges } satisfies ServerPartModule;
