import {
  accountTypeBody,
  activateProductBiddingBody,
  addModeratorBody,
  bankDetailsBody,
  blipReplyBody,
  blipViewBody,
  bookShipmentBody,
  bulkShipBody,
  businessDetailsBody,
  businessInformationBody,
  buyerBlipCommentBody,
  buyerLoginBody,
  buyerRegisterBody,
  buyerReturnBody,
  buyerShippedBackBody,
  changePasswordBody,
  closeAccountBody,
  couponBody,
  couponCheckBody,
  createLiveAuctionBody,
  createProductBody,
  deliverySettingsSchema,
  type ErrorResponse,
  emailOnlyBody,
  individualInformationBody,
  inviteCohostBody,
  loginBody,
  mutedWordsBody,
  notificationPreferencesBody,
  openLiveShowBody,
  pickupAddressBody,
  placeBidBody,
  registerBody,
  rescheduleExpiredBody,
  resetPasswordBody,
  returnMessageBody,
  returnsPolicyBody,
  selectCategoriesBody,
  sellerOrderActionBody,
  sellerReturnActionBody,
  shippingOptionsBody,
  shippingWarehouseBody,
  slowModeBody,
  storeProfileBody,
  submitKycBody,
  updateOnboardingProcessBody,
  updateProductBody,
  vacationModeBody,
  verifyOtpBody,
} from '@kasuwa/contracts';
import { onTestFinished } from 'vitest';
import type { z } from 'zod';

/* Request bodies read as the server reads them, so a fake cannot accept a body the server refuses. */

/**
 * The calls with a body, "METHOD /path" (after /api, `:name` for a path segment), and the contract
 * schema the server's route reads each with (the routes in apps/server/src/modules/*).
 */
export const contractBodies: Record<string, z.ZodType> = {
  'POST /seller/register': registerBody,
  'POST /seller/login': loginBody,
  'POST /seller/verify-otp': verifyOtpBody,
  'POST /seller/resend-otp': emailOnlyBody,
  'POST /seller/forgot-password': emailOnlyBody,
  'POST /seller/reset-password': resetPasswordBody,
  'PUT /seller/onboarding-process': updateOnboardingProcessBody,
  'PUT /seller/profile/account-type': accountTypeBody,
  'PUT /seller/business-details': businessDetailsBody,
  'PUT /seller/business-information': businessInformationBody,
  'PUT /seller/individual-information': individualInformationBody,
  'PUT /seller/shipping-warehouse': shippingWarehouseBody,
  'PUT /seller/shipping-options': shippingOptionsBody,
  'PUT /seller/profile/bank-details': bankDetailsBody,
  'POST /seller/select-categories': selectCategoriesBody,
  'PUT /seller/vacation-mode': vacationModeBody,
  'POST /products': createProductBody,
  'PUT /products/:productId': updateProductBody,
  'POST /buyers/register': buyerRegisterBody,
  'POST /buyers/login': buyerLoginBody,
  'POST /blips/:blipId/views': blipViewBody,
  'POST /blips/:blipId/comments': buyerBlipCommentBody,
  'POST /blips/:blipId/comments/:commentId/replies': blipReplyBody,
  'POST /products/:productId/blips/:blipId/comments/:commentId/replies': blipReplyBody,
  'POST /streams/open-live-show': openLiveShowBody,
  'POST /streams/create': createLiveAuctionBody,
  'POST /streams/reschedule-expired': rescheduleExpiredBody,
  'POST /streams/:id/activate-product-bidding': activateProductBiddingBody,
  // issue 21: the seller's command of the room.
  'POST /live/moderators': addModeratorBody,
  'PUT /live/muted-words': mutedWordsBody,
  'PUT /streams/:id/slow-mode': slowModeBody,
  'PUT /streams/:id/cohost': inviteCohostBody,
  'POST /streams/:id/cohost/activate-product-bidding': activateProductBiddingBody,
  'POST /streams/:id/bids': placeBidBody,
  'POST /orders/bulk-ship': bulkShipBody,
  'POST /orders/:id/actions': sellerOrderActionBody,
  'POST /orders/:id/shipping/book': bookShipmentBody,
  'PUT /settings/delivery': deliverySettingsSchema,
  'PUT /seller/settings/store-profile': storeProfileBody,
  'PUT /seller/settings/pickup-address': pickupAddressBody,
  'PUT /seller/settings/returns-policy': returnsPolicyBody,
  'PUT /seller/settings/notifications': notificationPreferencesBody,
  'POST /seller/settings/password': changePasswordBody,
  'POST /seller/settings/close-account': closeAccountBody,
  'POST /returns/:id/actions': sellerReturnActionBody,
  'POST /returns/:id/messages': returnMessageBody,
  'POST /buyer/returns': buyerReturnBody,
  'POST /buyer/returns/:id/messages': returnMessageBody,
  'POST /buyer/returns/:id/shipped': buyerShippedBackBody,
  'POST /coupons': couponBody,
  'PUT /coupons/:id': couponBody,
  'POST /checkout/coupons/check': couponCheckBody,
  'POST /seller/kyc': submitKycBody,
};

/** What the check needs of a call: both fakes' calls (in-memory-api's and fake-api's) have it. */
export interface BodyCall {
  method: string;
  path: string;
  body: unknown;
}

export interface Refusal {
  status: 400;
  body: ErrorResponse;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

/** The schema the server reads this call's body with, or undefined for a call it reads none of. */
export function bodySchemaOf(
  call: Pick<BodyCall, 'method' | 'path'>,
  schemas: Record<string, z.ZodType> = contractBodies,
): z.ZodType | undefined {
  const path = call.path.split('?')[0] ?? '';
  const exact = schemas[`${call.method} ${path}`];
  if (exact) return exact;
  for (const [key, schema] of Object.entries(schemas)) {
    const [method, pattern] = key.split(' ');
    if (method === call.method && pattern !== undefined && matches(pattern, path)) return schema;
  }
  return undefined;
}

/**
 * A check for a fake API, called inside a test: `refusal(call)` is the 400 the server answers a
 * body its schema refuses (undefined when the body is fine or the call has none), and every refused
 * body fails the test when it ends, so a test whose screen sends what the server would refuse
 * cannot pass on a fake that accepted it. Put it before any answer a test forces.
 */
export function bodyCheck(schemas: Record<string, z.ZodType> = contractBodies) {
  const refusedBodies: string[] = [];
  onTestFinished(() => {
    if (refusedBodies.length > 0) {
      throw new Error(`The server would refuse these bodies:\n${refusedBodies.join('\n')}`);
    }
  });
  const refusal = (call: BodyCall): Refusal | undefined => {
    const parsed = bodySchemaOf(call, schemas)?.safeParse(call.body);
    if (!parsed || parsed.success) return undefined;
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    refusedBodies.push(`${call.method} ${call.path} ${JSON.stringify(call.body)}: ${JSON.stringify(issues)}`);
    return { status: 400, body: { message: issues[0]?.message ?? 'Invalid body', issues } };
  };
  return { refusal, refusedBodies };
}
