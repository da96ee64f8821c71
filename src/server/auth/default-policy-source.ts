import { DEFAULT_POLICY } from '../../domain/policy.js';
import type { PolicySource } from './access.js';

/** The policy of SPEC.md section 6, fixed in code. */
export const defaultPolicySource: PolicySource = { current: async () => DEFAULT_POLICY };
