import { type OnboardingProcessMarker, PRODUCT_NAME } from '@kasuwa/contracts';

/**
 * Every in-app link comes from here, so renaming a route is a one-line change and a typo is a
 * type error. The router in router.tsx registers the same segments.
 */

/** The spec's `{product}-connect` screen, named after the brand. */
export const connectSegment = `${PRODUCT_NAME.toLowerCase()}-connect`;

const id = (value: string | number) => encodeURIComponent(String(value));

const marketing = '/dashboard/marketing';
const liveStreams = '/dashboard/live-streams';

export const paths = {
  root: '/',
  login: '/login',
  /** The password-reset steps are subpaths of /login, as the spec's public pages are /login and /signup. */
  forgotPassword: '/login/forgot-password',
  resetPassword: (email?: string) =>
    email ? `/login/reset-password?${new URLSearchParams({ email })}` : '/login/reset-password',
  signup: '/signup',
  /** The e-mail code screen after sign-up, or after logging in with an unverified e-mail. */
  verifyEmail: '/signup/verify-email',
  onboarding: {
    root: '/onboarding',
    profile: '/onboarding/profile',
    businessOnboarding: '/onboarding/business-onboarding',
    individualOnboarding: '/onboarding/individual-onboarding',
    businessInformation: '/onboarding/business-information-onboarding',
    businessVerification: '/onboarding/business-verification-onboarding',
    businessBank: '/onboarding/business-bank-onboarding',
    businessCategory: '/onboarding/business-category-onboarding',
    shippingOptions: '/onboarding/shipping-options-onboarding',
    createProfile: '/onboarding/create-profile',
    individualVerification: '/onboarding/individual-verification-onboarding',
    accountApproval: '/onboarding/account-approval',
    /** The screen of an onboarding-process marker (SPEC §3); every marker is also a route segment. */
    step: (marker: OnboardingProcessMarker) => `/onboarding/${marker}`,
  },
  dashboard: {
    root: '/dashboard',
    home: '/dashboard/home',
    customers: '/dashboard/customers',
    customer: (customerId: string | number) => `/dashboard/customer/${id(customerId)}`,
    orders: '/dashboard/orders',
    order: (orderId: string | number) => `/dashboard/order/${id(orderId)}`,
    returns: '/dashboard/returns',
    return: (returnId: string | number) => `/dashboard/return/${id(returnId)}`,
    products: '/dashboard/products',
    addProducts: '/dashboard/add-products',
    /** Without an id it is the editor's bare route, which the spec also lists. */
    editProduct: (productId?: string | number) =>
      productId === undefined ? '/dashboard/edit-product' : `/dashboard/edit-product/${id(productId)}`,
    drafts: '/dashboard/drafts',
    blips: '/dashboard/blips',
    /** One blip opened over the grid; a query, so the back button returns to the grid where it was. */
    blip: (productId: string, blipId: string) =>
      `/dashboard/blips?${new URLSearchParams({ product: productId, blip: blipId })}`,
    marketing: {
      root: marketing,
      coupons: {
        root: `${marketing}/coupons`,
        list: `${marketing}/coupons/list`,
        create: `${marketing}/coupons/create`,
      },
      inboxCampaigns: {
        root: `${marketing}/inbox-campaigns`,
        list: `${marketing}/inbox-campaigns/list`,
        create: `${marketing}/inbox-campaigns/create`,
      },
    },
    earningsPayouts: '/dashboard/earnings-payouts',
    messages: '/dashboard/messages',
    /** One conversation open on the messages screen. */
    conversation: (conversationId: string) => `/dashboard/messages?c=${id(conversationId)}`,
    connect: `/dashboard/${connectSegment}`,
    liveStreams: {
      root: liveStreams,
      liveStream: `${liveStreams}/live-stream`,
      createLiveShow: `${liveStreams}/create-live-show`,
      createLiveAuction: `${liveStreams}/create-live-auction`,
      liveGiveaways: `${liveStreams}/live-giveaways`,
      pastShows: `${liveStreams}/past-shows`,
      /** One past show: its replay with the sold moments, and its summary (issue 21). */
      pastShow: (streamId: string) => `${liveStreams}/past-shows/${id(streamId)}`,
      scheduledShows: `${liveStreams}/scheduled-shows`,
      submitLiveShow: `${liveStreams}/submit-live-show`,
      studio: (streamId: string | number) => `${liveStreams}/live-stream-studio/${id(streamId)}`,
      /** issue 21: a co-host runs the invited show's product rail. */
      cohostStudio: (streamId: string | number) => `${liveStreams}/live-stream-studio/${id(streamId)}/cohost`,
    },
    livestreaming: '/dashboard/livestreaming',
    settings: '/dashboard/settings',
    /** One section of Settings, e.g. 'pickup-address' (the ids are features/settings/settings-page.tsx's). */
    settingsSection: (section: string) => `/dashboard/settings#${section}`,
    account: '/dashboard/account',
    help: '/dashboard/help',
    analyticsInsights: '/dashboard/analytics-insights',
    kycVerification: '/dashboard/kyc-verification',
  },
  /** The public watch page of a show, outside the dashboard: what buyers open from a shared link. */
  watch: (streamId: string | number) => `/watch/${id(streamId)}`,
  /** A store's public page, at the link the seller chose in Settings. */
  store: (slug: string) => `/store/${id(slug)}`,
  /** issue 21: an ended show's replay, public like the watch page. */
  watchReplay: (streamId: string) => `/watch/${id(streamId)}/replay`,
  /** The public page of one blip for buyers: what a seller shares from the blip's details. */
  watchBlip: (blipId: string) => `/watch/blips/${id(blipId)}`,
  /** Buyers' checkout and orders, outside the dashboard like the watch pages. */
  /** Buy now: the item travels in the search params (features/watch/checkout-link.ts). */
  checkoutBuy: (search: URLSearchParams) => `/checkout/buy?${search}`,
  /** Delivery and payment for an order that exists (an auction win). */
  checkoutOrder: (orderId: string) => `/checkout/${id(orderId)}`,
  myOrders: '/my-orders',
  /** issue 16: the buyer's Updates inbox (campaigns, followed stores' shows, payment reminders). */
  myUpdates: '/my-updates',
  myOrder: (orderId: string) => `/my-orders/${id(orderId)}`,
  /** The buyer asks to return items of a delivered order. */
  myOrderReturn: (orderId: string) => `/my-orders/${id(orderId)}/return`,
  /** The buyer's view of one return: its status, deadline, thread and refunds. */
  myReturn: (returnId: string) => `/my-returns/${id(returnId)}`,
  /** The buyer's inbox: their conversations with stores. */
  myMessages: '/my-messages',
  myConversation: (conversationId: string) => `/my-messages/${id(conversationId)}`,
  /** Opens (or finds) the buyer's conversation with the store of a show, a blip or an order. */
  myMessagesWith: (
    about: { streamId: string } | { blipId: string } | { orderId: string } | { sellerId: string },
  ) => `/my-messages/new?${new URLSearchParams(about as Record<string, string>)}`,
  /** The documents the onboarding agreements name: public, readable without an account. */
  legal: {
    terms: '/legal/terms',
    privacy: '/legal/privacy',
    sellerAgreement: '/legal/seller-agreement',
  },
  /** Development pages: real forms around ui pieces whose screens arrive with later issues. */
  dev: {
    locationPickers: '/dev/location-pickers',
  },
} as const;
