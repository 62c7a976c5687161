import { randomUUID } from 'node:crypto';
import type {
  AccountType,
  bankDetailsBody,
  businessDetailsBody,
  businessInformationBody,
  Category,
  DocumentKind,
  individualInformationBody,
  OnboardingProcessMarker,
  OnboardingStepResponse,
  SellerDocument,
  ShippingOptionsResponse,
  selectCategoriesBody,
  shippingOptionsBody,
  shippingWarehouseBody,
} from '@kasuwa/contracts';
import {
  companyDocumentFields,
  DEFAULT_RETURN_WINDOW_DAYS,
  DOCUMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  individualDocumentFields,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { SellerDocumentRow, SellerRow, ShippingOptionsRecord } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import type { TokenService } from '@/lib/tokens.ts';
import { sniffDocument } from '@/modules/onboarding/documents.ts';
import { onboardingRepository } from '@/modules/onboarding/onboarding.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { type ImageVariant, renderImageVariants } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveFiles } from '@/uploads/multipart-files.ts';

type Deps = { db: Database; tokens: TokenService; storage: FileStorage; clock: Clock };

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

/**
 * The marker a step moves the seller to. A seller who finished onboarding stays finished when they
 * revisit a step (e.g. to change their bank details).
 */
function advance(current: string | null, next: OnboardingProcessMarker): OnboardingProcessMarker {
  return current === 'account-approval' ? 'account-approval' : next;
}

const toAddress = (a: {
  country: string;
  state: string;
  city: string;
  streetAddress1: string;
  streetAddress2?: string | undefined;
  zipCode: string;
}) => ({
  country: a.country,
  state: a.state,
  city: a.city,
  addressLine1: a.streetAddress1,
  ...(a.streetAddress2 ? { addressLine2: a.streetAddress2 } : {}),
  zipCode: a.zipCode,
});

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

export function onboardingService({ db, tokens, storage, clock }: Deps) {
  const repo = onboardingRepository(db);
  const answer = async (row: SellerRow): Promise<OnboardingStepResponse> => ({
    token: await tokens.sign({ id: row.id, tokenVersion: row.tokenVersion }),
    onboardingProcess: row.onboardingProcess as OnboardingProcessMarker | null,
  });

  const requireType = (row: SellerRow, type: AccountType) => {
    if (row.accountType !== type) {
      throw new ConflictError(
        `This step is for ${type} sellers. Choose ${type === 'business' ? 'Business' : 'Individual'} on Apply To Sell first.`,
      );
    }
  };

  type ParsedBody<S extends z.ZodType> = z.output<S>;

  return {
    async setAccountType(row: SellerRow, accountType: AccountType) {
      const next = accountType === 'business' ? 'business-onboarding' : 'individual-onboarding';
      const updated = await repo.transaction(async (tx) => {
        await repo.upsertOnboarding(tx, row.id, {});
        return repo.updateSeller(tx, row.id, {
          accountType,
          onboardingProcess: advance(row.onboardingProcess, next),
        });
      });
      return answer(updated);
    },

    async businessDetails(row: SellerRow, body: ParsedBody<typeof businessDetailsBody>) {
      requireType(row, 'business');
      const updated = await repo.transaction(async (tx) => {
        await repo.upsertOnboarding(tx, row.id, {
          businessType: body.businessType,
          businessTaxInfo: body.taxInformation,
        });
        return repo.updateSeller(tx, row.id, {
          businessName: body.businessName,
          onboardingProcess: advance(row.onboardingProcess, 'business-information-onboarding'),
        });
      });
      return answer(updated);
    },

    async businessInformation(row: SellerRow, body: ParsedBody<typeof businessInformationBody>) {
      requireType(row, 'business');
      const updated = await repo.transaction(async (tx) => {
        await repo.upsertOnboarding(tx, row.id, {
          businessEmail: body.businessEmail,
          businessPhone: body.businessNumber,
        });
        return repo.updateSeller(tx, row.id, {
          businessAddress: toAddress(body.businessAddress),
          hasFilledBusinessAddress: true,
          onboardingProcess: advance(row.onboardingProcess, 'business-verification-onboarding'),
        });
      });
      return answer(updated);
    },

    async shippingWarehouse(row: SellerRow, body: ParsedBody<typeof shippingWarehouseBody>) {
      requireType(row, 'business');
      const { address, ...warehouse } = body.warehouseDetails;
      const shipping: ShippingOptionsRecord | undefined = body.shippingOptions && {
        shippingMethod: body.shippingOptions.shippingMethod,
        returnsAndExchangePolicy: body.shippingOptions.returnsAndExchangePolicy,
        returnWindowDays: body.shippingOptions.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
      };
      const updated = await repo.transaction(async (tx) => {
        await repo.upsertOnboarding(tx, row.id, {
          warehouseDetails: {
            ...warehouse,
            address: {
              country: address.country,
              state: address.state,
              city: address.city,
              addressLine1: address.addressLine1,
              ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
              zipCode: address.zipCode,
            },
          },
          ...(shipping ? { shippingOptions: shipping } : {}),
        });
        // Sent with business-information from the same screen, so it moves the seller to the same step.
        return repo.updateSeller(tx, row.id, {
          onboardingProcess: advance(row.onboardingProcess, 'business-verification-onboarding'),
        });
      });
      return answer(updated);
    },

    async shippingOptions(
      row: SellerRow,
      body: ParsedBody<typeof shippingOptionsBody>,
    ): Promise<ShippingOptionsResponse> {
      const options: ShippingOptionsRecord = {
        shippingMethod: body.shippingMethod,
        returnsAndExchangePolicy: body.returnsAndExchangePolicy,
        returnWindowDays:
          body.returnsAndExchangePolicy === 'custom'
            ? (body.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS)
            : DEFAULT_RETURN_WINDOW_DAYS,
        agreedToTermsAt: clock.now().toISOString(),
      };
      const updated = await repo.transaction(async (tx) => {
        await repo.upsertOnboarding(tx, row.id, { shippingOptions: options });
        return repo.updateSeller(tx, row.id, {
          onboardingProcess: advance(row.onboardingProcess, 'create-profile'),
        });
      });
      return { ...(await answer(updated)), shippingOptions: options };
    },

    async bankDetails(row: SellerRow, body: ParsedBody<typeof bankDetailsBody>) {
      const updated = await repo.updateSeller(repo.db, row.id, {
        bankDetails: body,
        onboardingProcess:
          row.accountType === 'business'
            ? advance(row.onboardingProcess, 'business-category-onboarding')
            : (row.onboardingProcess as OnboardingProcessMarker | null),
      });
      return answer(updated);
    },

    async categories(): Promise<Category[]> {
      const rows = await repo.catalogue(repo.db);
      return rows.map((c) => ({
        _id: c.id,
        name: c.name,
        image: { url: c.imageUrl },
        subCategories: c.subCategories.map((s) => ({ _id: s.id, name: s.name })),
      }));
    },

    async selectCategories(row: SellerRow, body: ParsedBody<typeof selectCategoriesBody>) {
      const catalogue = await repo.catalogue(repo.db);
      const chosen = body.categories.map((choice) => {
        const category = catalogue.find((c) => c.id === choice.id);
        if (!category) throw new BadRequestError(`Unknown category: ${choice.name}`);
        const ids = choice.subCategories.map((sub) => {
          const found = category.subCategories.find((s) => s.name === sub.name);
          if (!found) throw new BadRequestError(`${sub.name} is not a sub-category of ${category.name}`);
          return found.id;
        });
        return { categoryId: category.id, subCategoryIds: [...new Set(ids)] };
      });
      if (new Set(chosen.map((c) => c.categoryId)).size !== chosen.length) {
        throw new BadRequestError('Each category can be chosen once');
      }
      const updated = await repo.transaction(async (tx) => {
        await repo.replaceSellerCategories(tx, row.id, chosen);
        const existing = await repo.findOnboarding(tx, row.id);
        // SPEC section 2: after categories the application goes to the support team for review.
        await repo.upsertOnboarding(tx, row.id, {
          submittedForReviewAt: existing?.submittedForReviewAt ?? clock.now(),
        });
        return repo.updateSeller(tx, row.id, {
          onboardingProcess: advance(row.onboardingProcess, 'shipping-options-onboarding'),
        });
      });
      return answer(updated);
    },

    async individualInformation(row: SellerRow, body: ParsedBody<typeof individualInformationBody>) {
      requireType(row, 'individual');
      const updated = await repo.updateSeller(repo.db, row.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        sellerAddress: toAddress(body.sellerAddress),
        hasFilledAddress: true,
        onboardingProcess: advance(row.onboardingProcess, 'individual-verification-onboarding'),
      });
      return answer(updated);
    },

    /**
     * The verification documents of one form, all or nothing: every file is received and checked
     * before any is stored, and the records are written in one transaction; if that fails, the
     * stored files are removed again. A document already on file need not be sent again: a seller
     * who comes back to the step sends only what they replace (or nothing), and the answer lists
     * every document of the form.
     */
    async uploadDocuments(row: SellerRow, form: 'company' | 'individual', request: FastifyRequest) {
      requireType(row, form === 'company' ? 'business' : 'individual');
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
        if (previous?.startsWith('/api/media/')) {
          const oldBase = mediaKey(previous).replace(/-\d+\.webp$/, '');
          await storage.delete(IMAGE_VARIANTS[slot].map((v) => `${oldBase}-${v.suffix}.webp`));
        }
        return { ...(await answer(updated)), url };
      } catch (err) {
        await storage.delete(stored);
        throw err;
      } finally {
        await discard(files);
      }
    },

    async openMedia(path: string) {
      const key = `public/${path}`;
      if (!/^public\/(avatars|banners|categories)\/[a-z0-9/_.-]+\.webp$/.test(key) || key.includes('..')) {
        throw new NotFoundError('Image');
      }
      const file = await storage.read(key);
      if (!file) throw new NotFoundError('Image');
      return file;
    },
  };
}
export type OnboardingService = ReturnType<typeof onboardingService>;
