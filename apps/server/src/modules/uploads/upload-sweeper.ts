import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import type {
  UploadArea,
  UploadReferencesRepository,
} from '@/modules/uploads/upload-references.repository.ts';
import type { FileStorage, StoredFile } from '@/storage/file-storage.ts';
import { sizedKeysOf, splitSizedKey } from '@/uploads/image-sizes.ts';
import { lockSellerUploadsForSweep } from '@/uploads/uploads-lock.ts';

export type SweepSettings = {
  /** A file younger than this is never removed: it may belong to a form still being filled in. */
  graceMs: number;
  /** Files listed and checked together (one storage listing, one query per seller). */
  batchSize: number;
  /** Files a scheduled run looks at before it stops and leaves the rest to the next run. */
  maxFilesPerRun: number;
};

export const DEFAULT_SWEEP_SETTINGS: SweepSettings = {
  graceMs: 7 * 24 * 60 * 60 * 1000,
  batchSize: 500,
  maxFilesPerRun: 20_000,
};

/** What a run did with the files it looked at, per folder and in all. */
export type SweepCounts = {
  /** Files listed. */
  examined: number;
  /** Orphans removed from storage. */
  deleted: number;
  /** Kept: a row names them. */
  inUse: number;
  /** Kept: younger than the grace period. */
  recent: number;
  /** Kept: not an upload's name (a file being copied in, or something put there by hand). */
  skipped: number;
  /** Kept for now: the check or the delete failed (logged); the next run tries again. */
  failed: number;
};

export type SweepReport = {
  /** False when the run stopped at its limit or for a shutdown before the end of the walk. */
  complete: boolean;
  ms: number;
  totals: SweepCounts;
  areas: Record<UploadArea, SweepCounts>;
};

/** Where a walk through the folders stands: the folder, and the last key looked at in it. */
export type SweepCursor = { area: number; after: string | null };
export const SWEEP_START: SweepCursor = { area: 0, after: null };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The folders swept, and how a row names a file in each. Keys are made where files are received:
 * `public/products/<seller>/<uuid>.webp` (products/product-images.ts, served at
 * `/api/media/products/...`), `public/streams/<seller>/<uuid>.<ext>` (live/stream-media.ts, at
 * `/api/media/streams/...`), `public/blips/<seller>/<uuid>.<ext>` (blips.service.ts; the row
 * keeps the key itself). Onboarding documents, avatars, banners and category pictures are not
 * swept: they are stored with the row that names them, and onboarding removes the file it replaces.
 */
const mediaUrl = (key: string) => `/api/media/${key.slice('public/'.length)}`;
const AREAS: ReadonlyArray<{ name: UploadArea; prefix: string; refOf: (key: string) => string }> = [
  { name: 'products', prefix: 'public/products/', refOf: mediaUrl },
  { name: 'streams', prefix: 'public/streams/', refOf: mediaUrl },
  { name: 'blips', prefix: 'public/blips/', refOf: (key) => key },
];
const UPLOAD_KEY = new RegExp(`^public/(?:products|streams|blips)/(${UUID})/${UUID}\\.[a-z0-9]+$`);

/**
 * The upload a stored file belongs to: itself, or for an image's size (uploads/image-sizes.ts,
 * `<id>.w320.avif`) its original. A size is named when its original is, and goes with it.
 */
const uploadOf = (key: string) => splitSizedKey(key)?.original ?? key;

const zero = (): SweepCounts => ({ examined: 0, deleted: 0, inUse: 0, recent: 0, skipped: 0, failed: 0 });

/**
 * Removes uploads nothing names any more: photos uploaded for a product form the seller left,
 * photos taken off a product or left by a deleted one, show covers and videos never used, blip
 * files left by a failure. It walks the upload folders in storage (there is no table of uploads:
 * a row names a file by its URL or key), in batches. Per seller and batch, in one transaction, it
 * takes the seller's uploads exclusively (uploads-lock.ts), asks which files a row names now, and
 * removes the others from storage before letting go. Writes that name files take the same lock
 * (shared) before checking the files exist, so a photo attached at that moment is either seen
 * named here and kept, or found missing by the write, which then asks for it again.
 */
export function uploadSweeper({
  repo,
  storage,
  clock,
  log,
  settings,
}: {
  repo: UploadReferencesRepository;
  storage: Pick<FileStorage, 'list' | 'delete'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  settings: SweepSettings;
}) {
  /** One seller's old files of one batch: keeps the named ones, removes the rest. */
  async function sweepSeller(
    area: (typeof AREAS)[number],
    sellerId: string,
    files: StoredFile[],
    counts: SweepCounts,
  ) {
    try {
      const deleted = await repo.transaction(async (tx) => {
        await lockSellerUploadsForSweep(tx, sellerId);
        const refs = [...new Set(files.map((f) => area.refOf(uploadOf(f.key))))];
        const named = await repo.namedBy(tx, area.name, sellerId, refs);
        const orphans = files.filter((f) => !named.has(area.refOf(uploadOf(f.key)))).map((f) => f.key);
        // An orphaned original's sizes go with it, whether or not this batch listed them.
        const sizes = orphans.filter((key) => !splitSizedKey(key)).flatMap(sizedKeysOf);
        // Still holding the lock: no write can check for these files until they are gone.
        await storage.delete([...new Set([...orphans, ...sizes])]);
        return orphans.length;
      });
      counts.deleted += deleted;
      counts.inUse += files.length - deleted;
    } catch (err) {
      counts.failed += files.length;
      log.error({ err, area: area.name, sellerId }, 'upload sweep: could not sweep a batch');
    }
  }

  async function sweepBatch(
    area: (typeof AREAS)[number],
    files: StoredFile[],
    cutoff: number,
    counts: SweepCounts,
  ) {
    const bySeller = new Map<string, StoredFile[]>();
    for (const file of files) {
      const sellerId = UPLOAD_KEY.exec(uploadOf(file.key))?.[1];
      if (!sellerId || !file.key.startsWith(area.prefix)) counts.skipped += 1;
      else if (file.modifiedAt.getTime() > cutoff) counts.recent += 1;
      else bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), file]);
    }
    for (const [sellerId, old] of bySeller) await sweepSeller(area, sellerId, old, counts);
  }

  return {
    settings,

    /**
     * Walks from `from` until it has looked at `maxFiles` files, reached the end of the last
     * folder, or `shouldStop` says so (checked between batches); answers what it did and where
     * the next run should start.
     */
    async sweep({
      from = SWEEP_START,
      maxFiles = Number.POSITIVE_INFINITY,
      shouldStop = () => false,
    }: {
      from?: SweepCursor;
      maxFiles?: number;
      shouldStop?: () => boolean;
    } = {}): Promise<{ report: SweepReport; next: SweepCursor }> {
      const started = Date.now();
      const cutoff = clock.now().getTime() - settings.graceMs;
      const areas = { products: zero(), streams: zero(), blips: zero() };
      let cursor = AREAS[from.area] ? from : SWEEP_START;
      let examined = 0;
      let complete = false;
      while (examined < maxFiles && !shouldStop()) {
        const area = AREAS[cursor.area] ?? (AREAS[0] as (typeof AREAS)[number]);
        const page = await storage.list(area.prefix, {
          after: cursor.after ?? undefined,
          limit: Math.min(settings.batchSize, maxFiles - examined),
        });
        examined += page.files.length;
        areas[area.name].examined += page.files.length;
        await sweepBatch(area, page.files, cutoff, areas[area.name]);
        if (page.next !== null) {
          cursor = { area: cursor.area, after: page.next };
        } else if (cursor.area + 1 < AREAS.length) {
          cursor = { area: cursor.area + 1, after: null };
        } else {
          cursor = SWEEP_START;
          complete = true;
          break;
        }
      }
      const totals = zero();
      for (const counts of Object.values(areas)) {
        for (const name of Object.keys(totals) as (keyof SweepCounts)[]) totals[name] += counts[name];
      }
      return { report: { complete, ms: Date.now() - started, totals, areas }, next: cursor };
    },
  };
}
export type UploadSweeper = ReturnType<typeof uploadSweeper>;
