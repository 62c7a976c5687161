import { z } from 'zod';
import { emailField, phoneNumberField } from './auth.ts';
import { accountNumberRuleText, findNigerianBank, isValidNigerianAccountNumber } from './nigerian-banks.ts';
import { accountType, onboardingProcessMarker } from './seller.ts';
import { lineText } from './text.ts';

/**
 * The onboarding calls of SPEC section 7. The web checks the same required fields before sending
 * (with the spec's toasts); the server refuses anything missing with a 400 naming the field.
 */

const required = (label: string, max = 120) =>
  lineText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max = 120) =>
  lineText()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Every onboarding answer: a refreshed token and the step the seller resumes at. */
export const onboardingStepResponse = z.object({
  token: z.string(),
  onboardingProcess: onboardingProcessMarker.nullable(),
});
export type OnboardingStepResponse = z.infer<typeof onboardingStepResponse>;

export const accountTypeBody = z.strictObject({ accountType });
export type AccountTypeBody = z.input<typeof accountTypeBody>;

/** SPEC section 7 names the tax field `taxInformation` in the payload (section 3 calls it businessTaxInfo). */
export const businessDetailsBody = z.strictObject({
  businessName: required('Business Name'),
  businessType: required('Business Type', 60),
  taxInformation: required('Business Tax Information', 60),
});
export type BusinessDetailsBody = z.input<typeof businessDetailsBody>;

/** A street address as the individual and business payloads send it: names, not slugs (SPEC section 3). */
export const streetAddress = (what: string) =>
  z.strictObject({
    country: required(`${what} country`, 80),
    state: required(`${what} state`, 80),
    city: required(`${what} city`, 80),
    streetAddress1: required(`${what} street address 1`, 200),
    streetAddress2: optionalText(`${what} street address 2`, 200),
    zipCode: required(`${what} zip code`, 20),
  });

export const individualInformationBody = z.strictObject({
  firstName: required('First Name', 60),
  lastName: required('Last Name', 60),
  sellerAddress: streetAddress('Seller address'),
});
export type IndividualInformationBody = z.input<typeof individualInformationBody>;

/** PUT /seller/business-information: the business payload of SPEC section 3. */
export const businessInformationBody = z.strictObject({
  businessEmail: emailField,
  businessNumber: phoneNumberField,
  businessAddress: streetAddress('Business address'),
});
export type BusinessInformationBody = z.input<typeof businessInformationBody>;

export const shippingMethod = z.enum(['seller', 'pickup', 'kasuwa']);
export type ShippingMethod = z.infer<typeof shippingMethod>;
/** 'Shipped by Kasuwa' is shown as Coming Soon and cannot be chosen yet. */
export const SELECTABLE_SHIPPING_METHODS: readonly ShippingMethod[] = ['seller', 'pickup'];
export const returnsPolicy = z.enum(['kasuwa', 'custom']);
export type ReturnsPolicy = z.infer<typeof returnsPolicy>;
export const RETURN_WINDOW_DAYS = [7, 14, 30] as const;
export const DEFAULT_RETURN_WINDOW_DAYS = 7;

const selectableShippingMethod = shippingMethod.refine((m) => SELECTABLE_SHIPPING_METHODS.includes(m), {
  message: 'Shipped by Kasuwa is coming soon; choose Shipped by Seller or Store Pickup',
});

const shippingOptionsValue = z
  .strictObject({
    shippingMethod: selectableShippingMethod,
    returnsAndExchangePolicy: returnsPolicy,
    /** Only for a custom policy: 7, 14 or 30. The Kasuwa policy is always 7 days. */
    returnWindowDays: z
      .union([z.literal(7), z.literal(14), z.literal(30)], {
        error: 'Return window must be 7, 14 or 30 days',
      })
      .optional(),
  })
  .refine((v) => v.returnsAndExchangePolicy !== 'custom' || v.returnWindowDays !== undefined, {
    message: 'returnWindowDays is required for a custom returns policy',
    path: ['returnWindowDays'],
  });

/** PUT /seller/shipping-warehouse: the warehouse payload of SPEC section 3. */
export const shippingWarehouseBody = z.strictObject({
  warehouseDetails: z.strictObject({
    name: required('Warehouse name'),
    contactNumber: phoneNumberField,
    address: z.strictObject({
      country: required('Warehouse country', 80),
      state: required('Warehouse state', 80),
      city: required('Warehouse city', 80),
      addressLine1: required('Warehouse address line 1', 200),
      addressLine2: optionalText('Warehouse address line 2', 200),
      zipCode: required('Warehouse zip code', 20),
    }),
  }),
  shippingOptions: shippingOptionsValue.optional(),
});
export type ShippingWarehouseBody = z.input<typeof shippingWarehouseBody>;

/** PUT /seller/shipping-options: the shipping screen's choices and its agreement. */
export const shippingOptionsBody = z
  .strictObject({
    shippingMethod: selectableShippingMethod,
    returnsAndExchangePolicy: returnsPolicy,
    returnWindowDays: z
      .union([z.literal(7), z.literal(14), z.literal(30)], {
        error: 'Return window must be 7, 14 or 30 days',
      })
      .optional(),
    agreedToTerms: z.literal(true, { error: 'You must accept the shipping and returns terms' }),
  })
  .refine((v) => v.returnsAndExchangePolicy !== 'custom' || v.returnWindowDays !== undefined, {
    message: 'returnWindowDays is required for a custom returns policy',
    path: ['returnWindowDays'],
  });
export type ShippingOptionsBody = z.input<typeof shippingOptionsBody>;

/** What PUT /seller/shipping-options stored: the choices, the window in days, when terms were accepted. */
export const storedShippingOptionsSchema = z.object({
  shippingMethod,
  returnsAndExchangePolicy: returnsPolicy,
  returnWindowDays: z.number(),
  agreedToTermsAt: z.string().optional(),
});
export type StoredShippingOptions = z.infer<typeof storedShippingOptionsSchema>;
export const shippingOptionsResponse = onboardingStepResponse.extend({
  shippingOptions: storedShippingOptionsSchema,
});
export type ShippingOptionsResponse = z.infer<typeof shippingOptionsResponse>;

/** The eight bank fields of SPEC section 3; a Nigerian account must be a NUBAN of a listed bank. */
export const bankDetailsBody = z
  .strictObject({
    bankCountry: required('Bank Country', 80),
    bankName: required('Bank Name'),
    bankAccountType: required('Bank Account Type', 40),
    accountCurrency: z
      .string({ error: 'Account Currency is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Account Currency must be a 3-letter currency code such as NGN'),
    accountNumber: z
      .string({ error: 'Account No. is required' })
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,34}$/, 'Account No. must be 4 to 34 letters or digits'),
    accountName: required('Account Name'),
    swiftCode: z
      .string({ error: 'Swift Code is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Swift Code must be 8 or 11 letters and digits'),
    bankIdentifierCode: required('Bank Identifier Code', 20),
  })
  .superRefine((v, ctx) => {
    if (v.bankCountry.toLowerCase() !== 'nigeria') return;
    const bank = findNigerianBank(v.bankName);
    if (!bank) {
      ctx.addIssue({ code: 'custom', path: ['bankName'], message: 'Choose your bank from the list' });
      return;
    }
    if (!isValidNigerianAccountNumber(v.accountNumber, bank)) {
      ctx.addIssue({
        code: 'custom',
        path: ['accountNumber'],
        message: `This is not a valid ${bank.name} account number. ${accountNumberRuleText(bank)}`,
      });
    }
  });
export type BankDetailsBody = z.input<typeof bankDetailsBody>;

/** A category of the catalogue (GET /categories). */
export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.object({ url: z.string() }),
  subCategories: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponse = z.object({ categories: z.array(categorySchema) });

/** POST /seller/select-categories: SPEC section 3 "Category selection". */
export const selectCategoriesBody = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        id: z.string().uuid('Category id must be a catalogue id'),
        name: required('Category name'),
        subCategories: z
          .array(z.strictObject({ name: required('Sub-category name') }))
          .min(1, 'Choose at least one sub-category of each category'),
      }),
      { error: 'categories is required' },
    )
    .min(1, 'Select at least one category')
    .max(30),
});
export type SelectCategoriesBody = z.input<typeof selectCategoriesBody>;

/** The documents of each verification form (SPEC section 3), as multipart field names. */
export const companyDocumentFields = ['certificateOfIncorporation', 'businessTaxId'] as const;
export const individualDocumentFields = ['individualTaxId', 'governmentId', 'proofOfAddress'] as const;
export const documentKind = z.enum([...companyDocumentFields, ...individualDocumentFields]);
export type DocumentKind = z.infer<typeof documentKind>;

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
/** For the file picker's accept attribute; the server checks the content, not the name. */
export const DOCUMENT_ACCEPT = ACCEPTED_DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const BANNER_RECOMMENDED_SIZE = { width: 1584, height: 396 } as const;

export const sellerDocumentSchema = z.object({
  _id: z.string(),
  kind: documentKind,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type SellerDocument = z.infer<typeof sellerDocumentSchema>;

export const documentsResponse = onboardingStepResponse.extend({ documents: z.array(sellerDocumentSchema) });
export type DocumentsResponse = z.infer<typeof documentsResponse>;

/** GET /seller/documents: every verification document on file. */
export const sellerDocumentsResponse = z.object({ documents: z.array(sellerDocumentSchema) });
export type SellerDocumentsResponse = z.infer<typeof sellerDocumentsResponse>;

/** GET /seller/documents/{id}/file; any id that is not one of the seller's documents is a 404. */
export const sellerDocumentFileParams = z.object({ id: z.string() });

/** GET /media/<path> (public images, show media): the path under the media prefix. */
export const mediaPathParams = z.object({ '*': z.string() });

export const imageUploadResponse = onboardingStepResponse.extend({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;
