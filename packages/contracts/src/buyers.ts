import { z } from 'zod';
import { emailField, PASSWORD_MAX_LENGTH, passwordField } from './auth.ts';

/**
 * Buyer accounts: just enough for watching, commenting and bidding on live shows (issue 8). A
 * buyer's token is its own kind: the seller endpoints refuse it (401) and the buyer endpoints refuse
 * a seller's. Viewers may watch without any token.
 */

/** What others see of a buyer: in bids, winners and comments. */
export const buyerSchema = z.object({ _id: z.string(), name: z.string() });
export type Buyer = z.infer<typeof buyerSchema>;

export const buyerNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');

/** POST /buyers/register. */
export const buyerRegisterBody = z.strictObject({
  name: buyerNameField,
  email: emailField,
  password: passwordField,
});
export type BuyerRegisterBody = z.input<typeof buyerRegisterBody>;

/** POST /buyers/login. */
export const buyerLoginBody = z.strictObject({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
export type BuyerLoginBody = z.input<typeof buyerLoginBody>;

/** The answer of register (201) and login (200). */
export const buyerAuthResponse = z.object({ message: z.string(), buyer: buyerSchema, token: z.string() });
export type BuyerAuthResponse = z.infer<typeof buyerAuthResponse>;

/** GET /buyers/me (buyer token): whether a stored buyer token still works, and whose it is. */
export const buyerMeResponse = z.object({ buyer: buyerSchema });
export type BuyerMeResponse = z.infer<typeof buyerMeResponse>;
