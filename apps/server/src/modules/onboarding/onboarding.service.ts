import type {
  AccountType,
  bankDetailsBody,
  businessDetailsBody,
  businessInformationBody,
  Category,
  individualInformationBody,
  OnboardingProcessMarker,
  ShippingOptionsResponse,
  selectCategoriesBody,
  shippingOptionsBody,
  shippingWarehouseBody,
} from '@kasuwa/contracts';
import { DEFAULT_RETURN_WINDOW_DAYS } from '@kasuwa/contracts';
import type { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { SellerRow, ShippingOptionsRecord } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError } from '@/lib/errors.ts';
import type { TokenService } from '@/lib/tokens.ts';
import { onboardingRepository } from '@/modules/onboarding/onboarding.repository.ts';
import { advance, requireAccountType, stepAnswer } from '@/modules/onboarding/onboarding-steps.ts';

type Deps = { db: Database; tokens: TokenService; clock: Clock };

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

/**
 * The onboarding forms of SPEC section 7: each step stores its form and moves the seller's marker
 * in one transaction. The steps that carry files are seller-files.service.ts.
 */
export function onboardingService({ db, tokens, clock }: Deps) {
  const repo = onboardingRepository(db);
  const answer = stepAnswer(tokens);

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
      requireAccountType(row, 'business');
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
      requireAccountType(row, 'business');
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
      requireAccountType(row, 'business');
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
      requireAccountType(row, 'individual');
      const updated = await repo.updateSeller(repo.db, row.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        sellerAddress: toAddress(body.sellerAddress),
        hasFilledAddress: true,
        onboardingProcess: advance(row.onboardingProcess, 'individual-verification-onboarding'),
      });
      return answer(updated);
    },
  };
}
export type OnboardingService = ReturnType<typeof onboardingService>;
