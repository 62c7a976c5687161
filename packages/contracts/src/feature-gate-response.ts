import { z } from 'zod';
import { errorResponse } from './common.ts';
import { FEATURE_GATE_CODES } from './feature-gate.ts';

export const featureGateCode = z.enum(FEATURE_GATE_CODES);

/**
 * The 403 of a gated endpoint: `{ message, code }` when the gate refuses, or the plain `{ message }`
 * of any other 403 (a disabled account, someone else's record).
 */
export const featureGateErrorResponse = errorResponse.extend({ code: featureGateCode.optional() });
export type FeatureGateErrorResponse = z.infer<typeof featureGateErrorResponse>;
