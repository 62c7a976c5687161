import type { AdminSellerCommand, AdminSellerCommandResponse } from '@kasuwa/contracts';
import { NotFoundError } from '@/lib/errors.ts';
import type { AdminRepository } from '@/modules/admin/admin.repository.ts';

const COMMANDS: Record<
  AdminSellerCommand,
  { flags: { isVerified?: boolean; isDisabled?: boolean; isBlocked?: boolean }; done: string }
> = {
  approve: { flags: { isVerified: true }, done: 'approved' },
  disable: { flags: { isDisabled: true }, done: 'disabled' },
  enable: { flags: { isDisabled: false }, done: 'enabled' },
  block: { flags: { isBlocked: true }, done: 'blocked' },
  unblock: { flags: { isBlocked: false }, done: 'unblocked' },
};

export function adminService(repo: AdminRepository) {
  return {
    async applySellerCommand(
      command: AdminSellerCommand,
      email: string,
    ): Promise<AdminSellerCommandResponse> {
      const { flags, done } = COMMANDS[command];
      const row = await repo.updateFlagsByEmail(email, flags);
      if (!row) throw new NotFoundError(`Seller ${email}`);
      const { id, ...rest } = row;
      return { message: `Seller ${row.email} ${done}`, seller: { _id: id, ...rest } };
    },
  };
}
