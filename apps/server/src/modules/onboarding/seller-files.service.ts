import { randomUUID } from 'node:crypto';
import {
  companyDocumentFields,
  DOCUMENT_MAX_BYTES,
  type DocumentKind,
  IMAGE_MAX_BYTES,
  individualDocumentFields,
  type OnboardingProcessMarker,
  type SellerDocument,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { SellerDocumentRow, SellerRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import type { TokenService } from '@/lib/tokens.ts';
import { sniffDocument } from '@/modules/onboarding/documents.ts';
import { onboardingRepository } from '@/modules/onboarding/onboarding.repository.ts';
import { advance, requireAccountType, stepAnswer } from '@/modules/onboarding/onboarding-steps.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { type ImageSizes, sizedKeysOf, splitSizedKey } from '@/uploads/image-sizes.ts';
import { type ImageVariant, renderImageVariants } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveFiles } from '@/uploads/multipart-files.ts';

export type ImageSlot = 'avatar' | 'banner';
const IMAGE_VARIANTS: Record<ImageSlot, readonly ImageVariant[]> = {
  // The first variant is the one the seller record links to.
  avatar: [
    { suffix: '512', width: 512, height: 512 },
    { suffix: '128', width: 128, height: 128 },
  ],
  banner: [
    { suffix: '1584', width: 1584, height: 396 },
    { suffix: '792', width: 792, height: 198 },
  ],
};

/** Public images are served from /api/media/<key without "public/">. */
export const mediaUrl = (key: string) => `/api/media/${key.replace(/^public\//, '')}`;
const mediaKey = (url: string) => `public/${url.replace(/^\/api\/media\//, '')}`;

function toDocumentView(row: SellerDocumentRow): SellerDocument {
  return {
    _id: row.id,
    kind: row.kind,
    fileName: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    url: `/api/seller/documents/${row.id}/file`,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The seller's files: the verification documents of SPEC section 3 and the store's avatar and
 * banner (steps of onboarding too, so they move the marker), the documents read back by their
 * owner, and the public images under /api/media. Files are received and checked before anything
 * is stored; records are written in one transaction after the files are stored, and whatever a
 * failure or a replacement leaves in storage is removed.
 */
export function sellerFilesService({
  db,
  tokens,
  storage,
  sizes,
  clock,
}: {
  db: Database;
  tokens: TokenService;
  storage: FileStorage;
  /** The avatar's and banner's sizes (uploads/image-sizes.ts), made from the image the record links. */
  sizes: Pick<ImageSizes, 'open' | 'schedule'>;
  clock: Clock;
}) {
  const repo = onboardingRepository(db);
  const answer = stepAnswer(tokens);

  return {
    /**
     * The verification documents of one form, all or nothing: every file is received and checked
     * before any is stored, and the records are written in one transaction; if that fails, the
     * stored files are removed again. A document already on file need not be sent again: a seller
     * who comes back to the step sends only what they replace (or nothing), and the answer lists
     * every document of the form.
     */
    async uploadDocuments(row: SellerRow, form: 'company' | 'individual', request: FastifyRequest) {
      requireAccountType(row, form === 'company' ? 'business' : 'individual');
      const fields = form === 'company' ? companyDocumentFields : individualDocumentFields;
      const files = await receiveFiles(request, {
        fields,
        maxBytes: DOCUMENT_MAX_BYTES,
        scratchDir: storage.scratchDir,
        label: 'each document',
      });
      const stored: string[] = [];
      try {
        const onFile = new Set((await repo.documentsOf(repo.db, row.id)).map((doc) => doc.kind));
        const missing = fields.filter((f) => !onFile.has(f) && !files.some((file) => file.field === f));
        if (missing.length) throw new BadRequestError(`Missing document: ${missing.join(', ')}`);
        const checked: Array<{ file: ReceivedFile; mime: string; ext: string }> = [];
        for (const file of files) checked.push({ file, ...(await sniffDocument(file)) });

        const docs: Array<{
          kind: DocumentKind;
          storageKey: string;
          originalName: string;
          mimeType: string;
          size: number;
        }> = [];
        for (const { file, mime, ext } of checked) {
          const key = `documents/${row.id}/${randomUUID()}.${ext}`;
          await storage.putFile(key, file.scratchPath);
          stored.push(key);
          docs.push({
            kind: file.field as DocumentKind,
            storageKey: key,
            originalName: file.originalName,
            mimeType: mime,
            size: file.size,
          });
        }
        const { updated, rows, replacedKeys } = await repo.transaction(async (tx) => {
          const { replacedKeys } = docs.length
            ? await repo.replaceDocuments(tx, row.id, docs)
            : { replacedKeys: [] };
          const kinds: readonly string[] = fields;
          const rows = (await repo.documentsOf(tx, row.id)).filter((doc) => kinds.includes(doc.kind));
          if (form === 'individual') {
            const existing = await repo.findOnboarding(tx, row.id);
            await repo.upsertOnboarding(tx, row.id, {
              submittedForReviewAt: existing?.submittedForReviewAt ?? clock.now(),
            });
          }
          const seller = await repo.updateSeller(tx, row.id, {
            onboardingProcess: advance(
              row.onboardingProcess,
              form === 'company' ? 'business-bank-onboarding' : 'create-profile',
            ),
          });
          return { rows, replacedKeys, updated: seller };
        });
        await storage.delete(replacedKeys);
        return { ...(await answer(updated)), documents: rows.map(toDocumentView) };
      } catch (err) {
        await storage.delete(stored);
        throw err;
      } finally {
        await discard(files);
      }
    },

    async documents(row: SellerRow): Promise<SellerDocument[]> {
      return (await repo.documentsOf(repo.db, row.id)).map(toDocumentView);
    },

    /** Only the owner reads a document; anyone else gets the same 404 as for a missing one. */
    async openDocument(row: SellerRow, id: string) {
      const doc = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findDocument(repo.db, row.id, id) : null;
      const file = doc ? await storage.read(doc.storageKey) : null;
      if (!doc || !file) throw new NotFoundError('Document');
      return { doc, ...file };
    },

    async uploadImage(row: SellerRow, slot: ImageSlot, request: FastifyRequest) {
      const files = await receiveFiles(request, {
        fields: [slot],
        maxBytes: IMAGE_MAX_BYTES,
        scratchDir: storage.scratchDir,
        label: 'an image',
      });
      const stored: string[] = [];
      try {
        const file = files[0];
        if (!file) throw new BadRequestError(`Missing file: ${slot}`);
        const variants = await renderImageVariants(file, IMAGE_VARIANTS[slot]);
        const base = `public/${slot === 'avatar' ? 'avatars' : 'banners'}/${row.id}/${randomUUID()}`;
        for (const variant of variants) {
          const key = `${base}-${variant.suffix}.webp`;
          await storage.putBuffer(key, variant.data);
          stored.push(key);
        }
        const url = mediaUrl(stored[0] ?? '');
        // Avatar and banner arrive in parallel; the row lock makes the second one see the first.
        const { updated, previous } = await repo.transaction(async (tx) => {
          const current = await repo.lockSeller(tx, row.id);
          const previousUrl = slot === 'avatar' ? current.storeAvatarUrl : current.storeBannerUrl;
          const hasOther = slot === 'avatar' ? current.storeBannerUrl : current.storeAvatarUrl;
          const marker = current.onboardingProcess as OnboardingProcessMarker | null;
          const seller = await repo.updateSeller(tx, row.id, {
            ...(slot === 'avatar' ? { storeAvatarUrl: url } : { storeBannerUrl: url }),
            onboardingProcess: marker === 'create-profile' && hasOther ? 'account-approval' : marker,
          });
          return { updated: seller, previous: previousUrl };
        });
        await sizes.schedule(stored[0] ?? '');
        if (previous?.startsWith('/api/media/')) {
          const oldBase = mediaKey(previous).replace(/-\d+\.webp$/, '');
          const oldKeys = IMAGE_VARIANTS[slot].map((v) => `${oldBase}-${v.suffix}.webp`);
          await storage.delete([...oldKeys, ...oldKeys.flatMap(sizedKeysOf)]);
        }
        return { ...(await answer(updated)), url };
      } catch (err) {
        await storage.delete(stored);
        throw err;
      } finally {
        await discard(files);
      }
    },

    /** A public image, or one of its sizes (`<name>.w320.avif`), by its path below /api/media/. */
    async openMedia(path: string) {
      const sized = splitSizedKey(`public/${path}`);
      const key = sized ? sized.original : `public/${path}`;
      // Each folder name starts with a letter or digit, as storage keys do (no `//`, no `-x`).
      if (!/^public\/(avatars|banners|categories)(\/[a-z0-9][a-z0-9_-]*)+\.webp$/.test(key)) {
        throw new NotFoundError('Image');
      }
      const file = sized ? await sizes.open(key, sized.width, sized.format) : await storage.read(key);
      if (!file) throw new NotFoundError('Image');
      return file;
    },
  };
}
export type SellerFilesService = ReturnType<typeof sellerFilesService>;
