import {
  accountNumberRuleText,
  type DocumentKind,
  findNigerianBank,
  isValidNigerianAccountNumber,
  type OnboardingProcessMarker,
} from '@kasuwa/contracts';
import { EMAIL_PATTERN } from '@kasuwa/contracts/limits';
import type {
  AddressDraft,
  BankDraft,
  OnboardingDraft,
  PickedFiles,
} from '@/features/onboarding/onboarding-draft';
import { phoneProblem } from '@/lib/phone';
import { locationNames } from '@/ui/location-selection';

/** A toast's title and description, word for word as SPEC sections 5 and 8 give them. */
export interface Notice {
  title: string;
  description?: string;
}

const ALL_FIELDS = 'All fields are required';

export const notices = {
  businessDetailsMissing: { title: 'Please fill in all fields', description: ALL_FIELDS },
  individualMissing: {
    title: 'Please fill in all required fields',
    description: 'All fields except Street Address Line 2 are required',
  },
  businessInfoMissing: { title: 'Please fill in your business details', description: ALL_FIELDS },
  warehouseMissing: { title: 'Please fill in your warehouse details', description: ALL_FIELDS },
  businessEmailInvalid: {
    title: 'Please enter a valid business email',
    description: 'Check the address, e.g. sales@yourbusiness.ng',
  },
  companyDocumentsMissing: {
    title: 'Please upload both certificate and tax ID files',
    description: ALL_FIELDS,
  },
  individualDocumentsMissing: { title: 'Please upload all required documents', description: ALL_FIELDS },
  bankMissing: { title: 'Please fill in all fields', description: ALL_FIELDS },
  categoriesMissing: {
    title: 'Please select at least one category',
    description: 'You must select at least one category to continue',
  },
  profileImageMissing: { title: 'Please upload a profile image' },
  shippingTermsNotAccepted: {
    title: 'Please accept the terms',
    description: 'Tick the box to agree to the shipping and returns terms before you continue',
  },
  imagesMissing: { title: 'Missing Images', description: 'Please upload both profile and banner images' },
  agreementsNotAccepted: {
    title: 'Please accept the agreements',
    description: 'Tick all three boxes to confirm you agree before you continue',
  },
  imagesUploaded: {
    title: 'Profile images submitted successfully',
    description: 'Your profile and banner images have been uploaded',
  },
} as const satisfies Record<string, Notice>;

/** The error titles of SPEC section 8 "Onboarding"; each is shown with the server's message. */
export const errorTitles = {
  accountType: 'Error submitting business Account Type',
  businessDetails: 'Error submitting business details',
  businessInformation: 'Error submitting business information',
  warehouse: 'Error submitting business warehouse',
  documents: 'Error submitting documents',
  bank: 'Error submitting bank details',
  categories: 'Error submitting business category',
  shipping: 'Error submitting shipping options',
  individual: 'Error submitting individual information',
  images: 'Error submitting images',
} as const;
export const IMAGES_FALLBACK_MESSAGE = 'Failed to upload images. Please try again.';

const blank = (text: string) => text.trim() === '';
export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

function addressIncomplete(address: AddressDraft): boolean {
  const names = locationNames(address.location);
  return [names.country, names.state, names.city, address.street1, address.zipCode].some(blank);
}

export function checkBusinessDetails(draft: OnboardingDraft['business']): Notice | null {
  const { businessName, businessType, businessTaxInfo } = draft;
  return [businessName, businessType, businessTaxInfo].some(blank) ? notices.businessDetailsMissing : null;
}

export function checkIndividual(draft: OnboardingDraft['individual']): Notice | null {
  if (blank(draft.firstName) || blank(draft.lastName) || addressIncomplete(draft.address)) {
    return notices.individualMissing;
  }
  return null;
}

/**
 * Business information (SPEC section 5, with its inverted toasts corrected): missing business
 * fields name the business details; missing warehouse fields, when the box is ticked, name the
 * warehouse. Address line 2 of both addresses stays optional.
 */
export function checkBusinessInformation(draft: OnboardingDraft['businessInfo']): Notice | null {
  if (blank(draft.email) || blank(draft.phone.number) || addressIncomplete(draft.address)) {
    return notices.businessInfoMissing;
  }
  if (!isValidEmail(draft.email)) return notices.businessEmailInvalid;
  const phone = phoneProblem(draft.phone);
  if (phone) return { title: 'Please enter a valid business phone number', description: phone };
  if (draft.fillWarehouse) {
    const w = draft.warehouse;
    if (blank(w.name) || blank(w.contactNumber.number) || addressIncomplete(w.address)) {
      return notices.warehouseMissing;
    }
    const contact = phoneProblem(w.contactNumber);
    if (contact) return { title: 'Please enter a valid warehouse contact number', description: contact };
  }
  return null;
}

/** Each document of the form is either picked now or already on file from an earlier visit. */
export function checkDocuments(
  form: 'company' | 'individual',
  files: PickedFiles,
  stored: ReadonlySet<DocumentKind> = new Set(),
): Notice | null {
  const has = (kind: DocumentKind) => Boolean(files[kind]) || stored.has(kind);
  if (form === 'company') {
    return has('certificateOfIncorporation') && has('businessTaxId') ? null : notices.companyDocumentsMissing;
  }
  return has('individualTaxId') && has('governmentId') && has('proofOfAddress')
    ? null
    : notices.individualDocumentsMissing;
}

export const isNigeria = (country: string) => country.trim().toLowerCase() === 'nigeria';

export function checkBank(bank: BankDraft): Notice | null {
  if (Object.values(bank).some(blank)) return notices.bankMissing;
  if (isNigeria(bank.bankCountry)) {
    const listed = findNigerianBank(bank.bankName);
    if (!listed) return { title: 'Please choose your bank', description: 'Pick your bank from the list' };
    if (!isValidNigerianAccountNumber(bank.accountNumber.trim(), listed)) {
      return { title: 'Invalid account number', description: accountNumberRuleText(listed) };
    }
  }
  return null;
}

export function checkCategories(categories: OnboardingDraft['categories']): Notice | null {
  return categories.some((c) => c.subCategories.length > 0) ? null : notices.categoriesMissing;
}

/** SPEC section 5: without a method and a policy, Next does nothing; the terms are enforced too. */
export function shippingReady(shipping: OnboardingDraft['shipping']): boolean {
  return shipping.method !== null && shipping.policy !== null;
}

export function checkProfile(files: PickedFiles, profile: OnboardingDraft['profile']): Notice | null {
  if (!files.avatar || !files.banner) return notices.imagesMissing;
  if (!profile.terms || !profile.privacy || !profile.sellerAgreement) return notices.agreementsNotAccepted;
  return null;
}

/** The steps of each path, in order, for the step indicator (the approval page is not a step). */
export const STEPS: Record<'business' | 'individual', readonly (OnboardingProcessMarker | 'profile')[]> = {
  business: [
    'profile',
    'business-onboarding',
    'business-information-onboarding',
    'business-verification-onboarding',
    'business-bank-onboarding',
    'business-category-onboarding',
    'shipping-options-onboarding',
    'create-profile',
  ],
  individual: ['profile', 'individual-onboarding', 'individual-verification-onboarding', 'create-profile'],
};
