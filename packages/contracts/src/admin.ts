import { z } from 'zod';
import { EMAIL_PATTERN } from './limits.ts';
import { notificationData, notificationSchema, notificationType } from './notifications.ts';

/** Commands of `npm run admin -- <command> <email>`; each maps to one seller state change. */
export const adminSellerCommand = z.enum(['approve', 'disable', 'enable', 'block', 'unblock']);
export type AdminSellerCommand = z.infer<typeof adminSellerCommand>;

export const adminSellerCommandParams = z.strictObject({
  command: adminSellerCommand,
});

export const adminSellerCommandBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email({ pattern: EMAIL_PATTERN, error: 'Enter a valid e-mail address' }),
});

export const adminSellerCommandResponse = z.object({
  message: z.string(),
  seller: z.object({
    _id: z.string(),
    email: z.string(),
    isVerified: z.boolean(),
    isDisabled: z.boolean(),
    isBlocked: z.boolean(),
  }),
});
export type AdminSellerCommandResponse = z.infer<typeof adminSellerCommandResponse>;

/** `npm run admin -- notify <email> <type>`: makes a notification appear for a seller, live. */
export const adminNotifyBody = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email({ pattern: EMAIL_PATTERN, error: 'Enter a valid e-mail address' }),
  type: notificationType,
  title: z.string().trim().min(1).max(120).optional(),
  message: z.string().trim().min(1).max(500).optional(),
  data: notificationData.optional(),
});
export type AdminNotifyBody = z.infer<typeof adminNotifyBody>;

export const adminNotifyResponse = z.object({ message: z.string(), notification: notificationSchema });
export type AdminNotifyResponse = z.infer<typeof adminNotifyResponse>;

/** What one sweep of orphaned uploads did with the files it looked at. */
export const uploadSweepCounts = z.object({
  examined: z.number().int(),
  deleted: z.number().int(),
  inUse: z.number().int(),
  recent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type UploadSweepCounts = z.infer<typeof uploadSweepCounts>;

/** `npm run admin -- sweep-uploads`: one whole sweep of orphaned uploads, now, on that server. */
export const adminSweepUploadsResponse = z.object({
  message: z.string(),
  complete: z.boolean(),
  graceHours: z.number(),
  totals: uploadSweepCounts,
  areas: z.object({ products: uploadSweepCounts, streams: uploadSweepCounts, blips: uploadSweepCounts }),
});
export type AdminSweepUploadsResponse = z.infer<typeof adminSweepUploadsResponse>;

/**
 * `npm run admin -- time-travel 8d`: moves a TEST_CLOCK=1 server's clock forward (end-to-end journeys
 * only; the route does not exist otherwise). Days may be fractional: 0.5 is twelve hours.
 */
export const adminTestClockBody = z.object({ advanceDays: z.number().positive().max(400) });
export type AdminTestClockBody = z.infer<typeof adminTestClockBody>;

export const adminTestClockResponse = z.object({
  message: z.string(),
  /** The server's time after the jump. */
  now: z.string(),
  /** How far the server's clock now runs ahead of the machine's, in milliseconds. */
  offsetMs: z.number(),
  /** Waiting background jobs moved earlier by the same amount. */
  jobsMoved: z.number().int(),
});
export type AdminTestClockResponse = z.infer<typeof adminTestClockResponse>;
