import { z } from 'zod';

/** Commands of `npm run admin -- <command> <email>`; each maps to one seller state change. */
export const adminSellerCommand = z.enum(['approve', 'disable', 'enable', 'block', 'unblock']);
export type AdminSellerCommand = z.infer<typeof adminSellerCommand>;

export const adminSellerCommandParams = z.strictObject({
  command: adminSellerCommand,
});

export const adminSellerCommandBody = z.strictObject({
  email: z.string().trim().toLowerCase().email('Enter a valid e-mail address'),
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
