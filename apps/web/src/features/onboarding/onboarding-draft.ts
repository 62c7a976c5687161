import type { AccountType, DocumentKind, ReturnsPolicy, ShippingMethod } from '@kasuwa/contracts';
import { emptyPhone, type PhoneValue } from '@/lib/phone';
import { emptyLocation, type LocationSelection } from '@/ui/location-selection';

/** An address as the seller fills it in: pickers for the places, text for the rest. */
export interface AddressDraft {
  location: LocationSelection;
  street1: string;
  street2: string;
  zipCode: string;
}

export const emptyAddress: AddressDraft = { location: emptyLocation, street1: '', street2: '', zipCode: '' };

export interface BankDraft {
  bankCountry: string;
  bankName: string;
  bankAccountType: string;
  accountCurrency: string;
  accountNumber: string;
  accountName: string;
  swiftCode: string;
  bankIdentifierCode: string;
}

/** Everything the steps collect, kept across steps so Back never loses what was typed. */
export interface OnboardingDraft {
  accountType: AccountType;
  business: { businessName: string; businessType: string; businessTaxInfo: string };
  businessInfo: {
    email: string;
    phone: PhoneValue;
    address: AddressDraft;
    fillWarehouse: boolean;
    warehouse: { name: string; contactNumber: PhoneValue; address: AddressDraft };
  };
  individual: { firstName: string; lastName: string; address: AddressDraft };
  bank: BankDraft;
  /** SPEC section 3: a local list of { categoryId, subCategories: [ids] }. */
  categories: Array<{ categoryId: string; subCategories: string[] }>;
  shipping: {
    method: ShippingMethod | null;
    policy: ReturnsPolicy | null;
    returnWindowDays: 7 | 14 | 30;
    agreed: boolean;
  };
  profile: { terms: boolean; privacy: boolean; sellerAgreement: boolean };
}

export const emptyDraft: OnboardingDraft = {
  accountType: 'business',
  business: { businessName: '', businessType: '', businessTaxInfo: '' },
  businessInfo: {
    email: '',
    phone: emptyPhone,
    address: emptyAddress,
    fillWarehouse: false,
    warehouse: { name: '', contactNumber: emptyPhone, address: emptyAddress },
  },
  individual: { firstName: '', lastName: '', address: emptyAddress },
  bank: {
    bankCountry: 'Nigeria',
    bankName: '',
    bankAccountType: '',
    accountCurrency: 'NGN',
    accountNumber: '',
    accountName: '',
    swiftCode: '',
    bankIdentifierCode: '',
  },
  categories: [],
  shipping: { method: null, policy: null, returnWindowDays: 7, agreed: false },
  profile: { terms: false, privacy: false, sellerAgreement: false },
};

/** A file the seller picked, before it is sent. */
export interface PickedFile {
  /** SPEC section 3: a prefix plus the current time, e.g. "governmentId-1767600000000". */
  id: string;
  file: File;
  /** A data URL for images, to show a thumbnail; null for other files. */
  previewUrl: string | null;
}

export type ImageSlot = 'avatar' | 'banner';
export type PickedFiles = Partial<Record<DocumentKind | ImageSlot, PickedFile>>;

export const newFileId = (prefix: string, now = Date.now()) => `${prefix}-${now}`;

/** Restores a stored draft over the empty one, so a draft saved by an older version still loads. */
export function mergeDraft(stored: unknown): OnboardingDraft {
  if (typeof stored !== 'object' || stored === null) return emptyDraft;
  const s = stored as Partial<OnboardingDraft>;
  return {
    ...emptyDraft,
    ...s,
    business: { ...emptyDraft.business, ...s.business },
    businessInfo: {
      ...emptyDraft.businessInfo,
      ...s.businessInfo,
      warehouse: { ...emptyDraft.businessInfo.warehouse, ...s.businessInfo?.warehouse },
    },
    individual: { ...emptyDraft.individual, ...s.individual },
    bank: { ...emptyDraft.bank, ...s.bank },
    categories: Array.isArray(s.categories) ? s.categories : [],
    shipping: { ...emptyDraft.shipping, ...s.shipping },
    profile: { ...emptyDraft.profile, ...s.profile },
  };
}
