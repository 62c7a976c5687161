import type { Buyer, BuyerAuthResponse, BuyerLoginBody, BuyerRegisterBody } from '@kasuwa/contracts';
import type { BuyerRow } from '@/db/schema/buyers.ts';
import { BadRequestError, ConflictError, UnauthorizedError } from '@/lib/errors.ts';
import { hashPassword, verifyPassword } from '@/lib/password.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { TokenService } from '@/lib/tokens.ts';
import type { BuyersRepository } from '@/modules/buyers/buyers.repository.ts';

export const toBuyerView = (row: Pick<BuyerRow, 'id' | 'name'>): Buyer => ({ _id: row.id, name: row.name });

// A real hash of a random password: an unknown e-mail costs what a wrong password costs, so the
// answer's timing does not tell which e-mails have accounts.
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
};

/**
 * Buyer accounts: register, log in, and turn a buyer token into the buyer. Tokens are signed with
 * the server secret under the buyer audience, so a seller token never passes here (nor a buyer's
 * on seller routes).
 */
export function buyersService({ repo, tokens }: { repo: BuyersRepository; tokens: TokenService }) {
  const answer = async (row: BuyerRow, message: string): Promise<BuyerAuthResponse> => ({
    message,
    buyer: toBuyerView(row),
    token: await tokens.sign(row),
  });

  return {
    async register(body: BuyerRegisterBody): Promise<BuyerAuthResponse> {
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await repo.insert({ name: body.name, email: body.email.toLowerCase(), passwordHash });
        return answer(row, 'Account created');
      } catch (err) {
        if (uniqueViolation(err) === 'buyers_email_lower_key') {
          throw new ConflictError('An account with this email already exists. Log in instead.');
        }
        throw err;
      }
    },

    async login(body: BuyerLoginBody): Promise<BuyerAuthResponse> {
      const row = await repo.findByEmail(body.email);
      if (!row) {
        await verifyPassword(await decoy(), body.password);
        throw new BadRequestError('Incorrect email or password');
      }
      if (!(await verifyPassword(row.passwordHash, body.password))) {
        throw new BadRequestError('Incorrect email or password');
      }
      return answer(row, 'Login successful');
    },

    /** The buyer a token belongs to: a valid buyer-audience signature and the current token version. */
    async authenticate(token: string): Promise<BuyerRow> {
      if (!token) throw new UnauthorizedError('Invalid token');
      const claims = await tokens.verify(token);
      const row = await repo.findById(claims.sub);
      if (!row || row.tokenVersion !== claims.ver) throw new UnauthorizedError('Invalid token');
      return row;
    },
  };
}
export type BuyersService = ReturnType<typeof buyersService>;
