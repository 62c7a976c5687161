import { DATA_EXPORT_FILE_NAME, type DataExport, PRODUCT_NAME } from '@kasuwa/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import { type DataExportRow, dataExports, sellers } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import { collectSellerData, zipSellerData } from '@/modules/settings/data-export.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

export const BUILD_DATA_EXPORT_TASK = 'settings.build-data-export';

const view = (row: DataExportRow): DataExport => ({
  _id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes,
});

type Deps = {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  storage: FileStorage;
  sendMail: (q: Queryable, mail: Mail) => Promise<void>;
  publicUrl: string;
};

/**
 * "Download your data": a request adds a job in its own transaction; the job gathers every row
 * about the seller (data-export.ts), stores the zip privately and e-mails the seller that it is
 * ready. Only the seller who asked can fetch it: the file route takes no id.
 */
export function dataExportService({ db, clock, jobs, storage, sendMail, publicUrl }: Deps) {
  const transaction = transactionsOf(db);

  const latest = async (q: Queryable, sellerId: string) => {
    const [row] = await q
      .select()
      .from(dataExports)
      .where(eq(dataExports.sellerId, sellerId))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    return row ?? null;
  };

  async function build(exportId: string): Promise<void> {
    await transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(eq(dataExports.id, exportId))
        .for('update')
        .limit(1);
      // Already built (the job ran twice) or the seller is gone: nothing to do.
      if (row?.status !== 'pending') return;
      const now = clock.now();
      const zip = zipSellerData(await collectSellerData(tx, row.sellerId), now);
      const key = `exports/${row.sellerId}/${row.id}.zip`;
      await storage.putBuffer(key, zip);
      await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey: key, sizeBytes: zip.length, readyAt: now })
        .where(eq(dataExports.id, row.id));
      const [seller] = await tx
        .select({ email: sellers.email, firstName: sellers.firstName })
        .from(sellers)
        .where(eq(sellers.id, row.sellerId));
      if (seller) {
        await sendMail(tx, {
          to: seller.email,
          subject: `Your ${PRODUCT_NAME} store data is ready to download`,
          text: [
            `Hello ${seller.firstName},`,
            '',
            `The copy of your store data you asked for is ready. Download it from Settings → Your data:`,
            `${publicUrl}/dashboard/settings#your-data`,
            '',
            'If you did not ask for it, change your password at once.',
            '',
            `— The ${PRODUCT_NAME} team`,
          ].join('\n'),
        });
      }
    });
  }

  return {
    async request(sellerId: string): Promise<{ message: string; export: DataExport }> {
      return transaction(async (tx) => {
        await tx.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).for('update');
        const current = await latest(tx, sellerId);
        // One export at a time: asking again while one is being built answers that one.
        if (current?.status === 'pending') {
          return { message: 'Your data export is already being prepared', export: view(current) };
        }
        const [row] = await tx.insert(dataExports).values({ sellerId, createdAt: clock.now() }).returning();
        if (!row) throw new Error('insert returned no row');
        await jobs.add(tx, BUILD_DATA_EXPORT_TASK, { exportId: row.id }, { jobKey: `data-export:${row.id}` });
        return {
          message: "We're preparing your data. We'll e-mail you when it is ready to download.",
          export: view(row),
        };
      });
    },

    async latest(sellerId: string): Promise<{ export: DataExport | null }> {
      const row = await latest(db, sellerId);
      return { export: row ? view(row) : null };
    },

    async file(sellerId: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.sellerId, sellerId), eq(dataExports.status, 'ready')))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      const file = row?.storageKey ? await storage.read(row.storageKey) : null;
      if (!file) throw new NotFoundError('Data export');
      return { ...file, fileName: DATA_EXPORT_FILE_NAME };
    },

    build,

    tasks: {
      [BUILD_DATA_EXPORT_TASK]: taskOf(z.object({ exportId: z.uuid() }), ({ exportId }) => build(exportId)),
    } satisfies TaskList,
  };
}
export type DataExportService = ReturnType<typeof dataExportService>;
