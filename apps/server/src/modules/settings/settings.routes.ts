import {
  accountClosureResponse,
  changePasswordBody,
  changePasswordResponse,
  closeAccountBody,
  dataExportRequestedResponse,
  dataExportResponse,
  notificationPreferencesBody,
  pickupAddressBody,
  returnsPolicyBody,
  sellerSessionsResponse,
  settingsResponse,
  settingsSavedResponse,
  signOutOthersResponse,
  storeProfileBody,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import type { AccountClosureService } from '@/modules/settings/account-closure.service.ts';
import type { DataExportService } from '@/modules/settings/data-export.service.ts';
import { deviceIdOf, type SellerDevices } from '@/modules/settings/seller-devices.ts';
import type { SettingsService } from '@/modules/settings/settings.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['settings'];
const security = [{ bearerAuth: [] }];

export type SettingsRateLimits = { password: { max: number; timeWindow: number } };
export const DEFAULT_SETTINGS_RATE_LIMITS: SettingsRateLimits = { password: { max: 10, timeWindow: 60_000 } };

/** The Settings screen: every route acts on the signed-in seller only, so ids never travel. */
export const settingsRoutes =
  ({
    service,
    dataExport,
    closure,
    devices,
    requireSeller,
    rateLimits = DEFAULT_SETTINGS_RATE_LIMITS,
  }: {
    service: SettingsService;
    dataExport: DataExportService;
    closure: AccountClosureService;
    devices: Pick<SellerDevices, 'list'>;
    requireSeller: RequireSeller;
    rateLimits?: SettingsRateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/seller/settings',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Store profile, pickup address, returns policy and notification preferences',
          response: { 200: settingsResponse, ...errors },
        },
      },
      async (request) => service.get(currentSeller(request)),
    );

    app.put(
      '/api/seller/settings/store-profile',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Store name, description and the public store link (unique)',
          body: storeProfileBody,
          response: { 200: settingsSavedResponse, ...errors },
        },
      },
      async (request) => service.saveStoreProfile(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/settings/pickup-address',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'The pickup (individual) or business address and warehouse; lifts the pickup-address gate',
          body: pickupAddressBody,
          response: { 200: settingsSavedResponse, ...errors },
        },
      },
      async (request) => service.savePickupAddress(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/settings/returns-policy',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The platform's 7-day returns policy or a custom 7, 14 or 30 days",
          body: returnsPolicyBody,
          response: { 200: settingsSavedResponse, ...errors },
        },
      },
      async (request) => service.saveReturnsPolicy(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/settings/notifications',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'In-app and e-mail notifications per group',
          body: notificationPreferencesBody,
          response: { 200: settingsSavedResponse, ...errors },
        },
      },
      async (request) => service.saveNotificationPreferences(currentSeller(request), request.body),
    );

    app.post(
      '/api/seller/settings/password',
      {
        onRequest: requireSeller(),
        config: { rateLimit: rateLimits.password },
        schema: {
          tags,
          security,
          summary: 'Change the password; every other session ends, this one gets a fresh token',
          body: changePasswordBody,
          response: { 200: changePasswordResponse, ...errors },
        },
      },
      async (request) =>
        service.changePassword(
          currentSeller(request),
          request.body.currentPassword,
          request.body.newPassword,
        ),
    );

    app.post(
      '/api/seller/settings/sign-out-others',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'End every other session; this one gets a fresh token',
          response: { 200: signOutOthersResponse, ...errors },
        },
      },
      async (request) => service.signOutOthers(currentSeller(request)),
    );

    app.get(
      '/api/seller/settings/sessions',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'The devices signed in to this account now; the one asking is marked current',
          response: { 200: sellerSessionsResponse, ...errors },
        },
      },
      async (request) => devices.list(currentSeller(request), deviceIdOf(request.headers)),
    );

    app.post(
      '/api/seller/settings/data-export',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Ask for a zip of everything held about the store; e-mailed when ready',
          response: { 202: dataExportRequestedResponse, ...errors },
        },
      },
      async (request, reply) => reply.code(202).send(await dataExport.request(currentSeller(request).id)),
    );

    app.get(
      '/api/seller/settings/data-export',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The seller's latest data export and its state",
          response: { 200: dataExportResponse, ...errors },
        },
      },
      async (request) => dataExport.latest(currentSeller(request).id),
    );

    app.get(
      '/api/seller/settings/data-export/file',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: "The latest ready export's zip (JSON and CSV); 404 until one is ready",
          produces: ['application/zip'],
          response: { 200: z.unknown().describe('The zip file'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await dataExport.file(currentSeller(request).id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.post(
      '/api/seller/settings/close-account',
      {
        onRequest: requireSeller(),
        config: { rateLimit: rateLimits.password },
        schema: {
          tags,
          security,
          summary: 'Close the account after a 30-day grace period (store name and password as confirmation)',
          body: closeAccountBody,
          response: { 200: accountClosureResponse, ...errors },
        },
      },
      async (request) =>
        closure.request(currentSeller(request), request.body.storeName, request.body.password),
    );

    app.post(
      '/api/seller/settings/close-account/cancel',
      {
        onRequest: requireSeller(),
        schema: {
          tags,
          security,
          summary: 'Cancel a pending account closure',
          response: { 200: accountClosureResponse, ...errors },
        },
      },
      async (request) => closure.cancel(currentSeller(request)),
    );
  };
