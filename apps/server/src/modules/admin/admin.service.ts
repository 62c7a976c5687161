import {
  type AdminNotifyBody,
  type AdminNotifyResponse,
  type AdminSellerCommand,
  type AdminSellerCommandResponse,
  PRODUCT_NAME,
} from '@kasuwa/contracts';
import type { Logger } from 'pino';
import { NotFoundError } from '@/lib/errors.ts';
import type { Mailer } from '@/mail/mailer.ts';
import type { AdminRepository } from '@/modules/admin/admin.repository.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

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

type Deps = {
  repo: AdminRepository;
  notifications: Pick<NotificationsService, 'create'>;
  mailer: Mailer;
  log: Pick<Logger, 'error'>;
};

export function adminService({ repo, notifications, mailer, log }: Deps) {
  /** Tells a newly approved seller, in the dashboard and by e-mail; neither may undo the approval. */
  const announceApproval = async (seller: { id: string; email: string; firstName: string }) => {
    try {
      await notifications.create(seller.id, { type: 'account_approved' });
    } catch (err) {
      log.error({ err }, 'could not create the approval notification');
    }
    try {
      await mailer.send({
        to: seller.email,
        subject: `Your ${PRODUCT_NAME} seller account is approved`,
        text: [
          `Hello ${seller.firstName},`,
          '',
          `Good news: your ${PRODUCT_NAME} seller account has been approved. You can now list products and go live.`,
          '',
          'Log in to your dashboard to get started.',
          '',
          `— The ${PRODUCT_NAME} team`,
        ].join('\n'),
      });
    } catch (err) {
      log.error({ err }, 'could not send the approval e-mail');
    }
  };

  return {
    async applySellerCommand(
      command: AdminSellerCommand,
      email: string,
    ): Promise<AdminSellerCommandResponse> {
      const { flags, done } = COMMANDS[command];
      const { before, row } = await repo.transaction(async (tx) => {
        // Held until the commit, so two approvals at once see one change and announce it once.
        const before = command === 'approve' ? await repo.findByEmail(tx, email, { lock: true }) : null;
        return { before, row: await repo.updateFlagsByEmail(tx, email, flags) };
      });
      if (!row) throw new NotFoundError(`Seller ${email}`);
      // Approving an approved seller again changes nothing, so it announces nothing.
      if (before && !before.isVerified) await announceApproval(before);
      const { id, ...rest } = row;
      return { message: `Seller ${row.email} ${done}`, seller: { _id: id, ...rest } };
    },

    async notify(body: AdminNotifyBody): Promise<AdminNotifyResponse> {
      const seller = await repo.findByEmail(repo.db, body.email);
      if (!seller) throw new NotFoundError(`Seller ${body.email}`);
      const notification = await notifications.create(
        seller.id,
        { type: body.type, title: body.title, message: body.message, data: body.data },
        { ignorePreferences: true },
      );
      if (!notification) throw new Error('an operator notice is never filtered');
      return { message: `Notification ${body.type} sent to ${seller.email}`, notification };
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
