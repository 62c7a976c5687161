import { PRODUCT_NAME, SUPPORT_EMAIL } from '@kasuwa/contracts';

/**
 * The three documents a seller agrees to on the Create Profile step, in plain words. They describe
 * what this app actually does with a seller's account and data; a lawyer should review them before
 * a commercial launch.
 */

export type LegalDocumentKey = 'terms' | 'privacy' | 'sellerAgreement';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  points?: string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  sections: LegalSection[];
}

export const LEGAL_UPDATED = '25 November 2026';

const P = PRODUCT_NAME;

export const legalDocuments: Record<LegalDocumentKey, LegalDocument> = {
  terms: {
    title: `${P} Terms of Service`,
    summary: `These terms are the agreement between you and ${P} when you use the ${P} Seller app to sell to buyers in Nigeria.`,
    sections: [
      {
        heading: 'Who can sell',
        points: [
          'You must be at least 18 years old and able to enter a binding contract under Nigerian law.',
          'A business account must belong to a business you are allowed to act for; an individual account is for you alone.',
          'The details you give during sign-up and onboarding must be true and kept up to date.',
        ],
      },
      {
        heading: 'Your account',
        points: [
          'Keep your password to yourself. You are responsible for what is done with your account.',
          `Tell us at ${SUPPORT_EMAIL} straight away if you think someone else has used it.`,
          'We verify your e-mail address, and we review your documents before your store is approved.',
        ],
      },
      {
        heading: 'What you may not sell or do',
        points: [
          'Items that are illegal in Nigeria, stolen, counterfeit or that infringe someone else’s rights.',
          'Weapons, drugs, prescription medicines, alcohol or tobacco to minors, or anything regulated by NAFDAC without the approval it needs.',
          'Misleading listings, fake bids on your own auctions, or content that is hateful, violent or sexual.',
          'Taking buyers off the platform to avoid its protections.',
        ],
      },
      {
        heading: 'Fees',
        paragraphs: [
          `Opening a store and listing products is free today. Any fee ${P} introduces will be shown in your dashboard before it applies, and you can close your store instead of paying it.`,
        ],
      },
      {
        heading: 'Suspension and closing your account',
        paragraphs: [
          'We may pause listings or suspend an account that breaks these terms or the Seller Agreement, and we tell you why. You can ask support to review the decision.',
          `You can close your account at any time by writing to ${SUPPORT_EMAIL}. Orders already paid must still be fulfilled or refunded.`,
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          `${P} provides the app as it is. We work to keep it available and secure but cannot promise it will never be interrupted. Nothing in these terms limits rights you have under the Federal Competition and Consumer Protection Act 2018 or other Nigerian law that cannot be limited.`,
        ],
      },
      {
        heading: 'Law and disputes',
        paragraphs: [
          'These terms are governed by the laws of the Federal Republic of Nigeria. If we disagree, we will first try to settle it through support; if that fails, the courts of Lagos State have jurisdiction.',
          'If we change these terms, we show the new version in the app at least 14 days before it applies.',
        ],
      },
    ],
  },
  privacy: {
    title: `${P} Privacy Policy`,
    summary: `How ${P} collects, uses and protects sellers’ personal data, in line with the Nigeria Data Protection Act 2023 (NDPA).`,
    sections: [
      {
        heading: 'What we collect',
        points: [
          'Account details: your name, e-mail address, phone number, store name and password (stored only as a one-way hash).',
          'Onboarding details: your address or business address, business registration and tax details, bank details, and the identity and address documents you upload.',
          'What you publish: products, photos, videos, live shows, comments and replies.',
          'Usage: if you accept analytics in the consent banner, the pages you open and the actions you take, linked to your account. If you decline, only a few events without your identity (for example that a show was scheduled), with no page views.',
        ],
      },
      {
        heading: 'Why we use it',
        points: [
          'To run your account and store, and to pay you (performance of our contract with you).',
          'To verify who you are and prevent fraud (our legitimate interest and legal obligations).',
          'To send you codes, notices about orders and changes to these documents.',
          'To improve the app through analytics; anything linked to you only with your consent, which you can withdraw at any time.',
        ],
      },
      {
        heading: 'Who sees it',
        points: [
          'Buyers see your store name, store images, products and what you say in your shows.',
          'Our support team sees your onboarding documents to approve your store.',
          'Service providers that host our servers, send e-mail or stream video process data for us under written agreements.',
          'Authorities, when Nigerian law requires it.',
        ],
        paragraphs: ['We never sell your personal data.'],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep your account data while your account is open. After it is closed, we keep what tax and anti-fraud law require (usually up to 6 years for records of sales and payouts) and delete the rest.',
        ],
      },
      {
        heading: 'Your rights under the NDPA 2023',
        points: [
          'To be told what data we hold about you and to get a copy of it.',
          'To have wrong data corrected and, where the law allows, deleted.',
          'To object to or restrict some uses, and to withdraw consent you gave.',
          'To receive your data in a common format to take elsewhere.',
          'To complain to the Nigeria Data Protection Commission (NDPC).',
        ],
        paragraphs: [`Write to ${SUPPORT_EMAIL} to use any of these rights; we answer within 30 days.`],
      },
      {
        heading: 'Security and transfers',
        paragraphs: [
          'Data travels encrypted, and your documents are readable only by you and our review team. If your data is stored or processed outside Nigeria, we do so only where the NDPA allows it and with equal protection.',
          'If a breach puts your data at risk, we tell you and the NDPC as the NDPA requires.',
        ],
      },
    ],
  },
  sellerAgreement: {
    title: `${P} Seller Agreement`,
    summary: `What you promise buyers and ${P} when you sell, run live shows and hold live auctions.`,
    sections: [
      {
        heading: 'Listings',
        points: [
          'Describe every item truthfully: its condition, size, colour and what is included. Photos and videos must show the item you sell.',
          'Prices are in naira and include everything the buyer pays you except delivery shown separately.',
          'Keep stock up to date, so buyers never pay for something you do not have.',
        ],
      },
      {
        heading: 'Live shows and auctions',
        points: [
          'Start your shows at the time you announce them, or reschedule them.',
          'A winning bid in a live auction is a sale: you must sell the item to the winner at that price.',
          'Do not bid on your own items or ask others to bid for you to raise the price.',
          'Be respectful in your shows and chat; you are responsible for what you say and show.',
        ],
      },
      {
        heading: 'Orders, delivery and returns',
        paragraphs: [
          'Dispatch each paid order, or make it ready for pickup, within 2 working days, and follow the shipping and returns terms you accepted on the Shipping Options step. Buyers keep the rights the Federal Competition and Consumer Protection Act 2018 gives them.',
        ],
      },
      {
        heading: 'Payouts',
        paragraphs: [
          'We pay your earnings to the bank account in your name (or your business’s name) that you gave us. We may hold a payout while a buyer’s complaint about that order is open.',
        ],
      },
      {
        heading: 'Verification',
        paragraphs: [
          'Upload genuine documents only. Fake or altered documents lead to the account being closed and may be reported to the authorities.',
        ],
      },
      {
        heading: 'Ending this agreement',
        paragraphs: [
          `Either of us can end this agreement: you by closing your store, ${P} by suspending an account that breaks it, after telling you why. Orders already paid must still be completed or refunded.`,
        ],
      },
    ],
  },
};
