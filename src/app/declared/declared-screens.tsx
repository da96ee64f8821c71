import { DECLARED_RESOURCES } from '../../domain/resources';
import type { SpaResource } from '../resources/types';
import { fromSpec, type SpaPart } from './declared';

/**
 * The SPA parts, found by name: `src/app/resources/<name>.tsx` default-exports what the declared resource `<name>`
 * adds on the browser side (the mirror of its server part, src/server/resources/<name>.ts). Other files there are
 * screens of the SPA's own and export no default.
 */
const parts = import.meta.glob<{ default?: SpaPart }>('../resources/*.tsx', { eager: true });

/** Every declared resource (src/domain/resources) as the SPA registers it, in declaration order. */
export const declaredScreens: SpaResource[] = DECLARED_RESOURCES.map((spec) => fromSpec(spec, parts[`../resources/${spec.name}.tsx`]?.default));
