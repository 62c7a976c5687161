import multipart from '@fastify/multipart';
import {
  accountTypeBody,
  bankDetailsBody,
  businessDetailsBody,
  businessInformationBody,
  categoriesResponse,
  documentsResponse,
  imageUploadResponse,
  individualInformationBody,
  mediaPathParams,
  onboardingStepResponse,
  selectCategoriesBody,
  sellerDocumentFileParams,
  sellerDocumentsResponse,
  shippingOptionsBody,
  shippingOptionsResponse,
  shippingWarehouseBody,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendStoredImage } from '@/lib/media-response.ts';
import type { OnboardingService } from '@/modules/onboarding/onboarding.service.ts';
import type { SellerFilesService } from '@/modules/onboarding/seller-files.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const tags = ['onboarding'];
const security = [{ bearerAuth: [] }];

/** SPEC section 7 "Onboarding": every step answers a refreshed token and the step to resume at. */
export const onboardingRoutes =
  ({
    service,
    files,
    requireSeller,
  }: {
    service: OnboardingService;
    files: SellerFilesService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Limits per part; receiveFiles sets the per-file size of each form.
    await app.register(multipart, { limits: { files: 3, fields: 0, parts: 6, headerPairs: 100 } });
    const auth = requireSeller();

    app.put(
      '/api/seller/profile/account-type',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'Business or individual',
          body: accountTypeBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.setAccountType(currentSeller(request), request.body.accountType),
    );

    app.put(
      '/api/seller/business-details',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'Business name, type and tax information',
          body: businessDetailsBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.businessDetails(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/business-information',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'The business payload: business e-mail, phone and address (the pickup address)',
          body: businessInformationBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.businessInformation(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/shipping-warehouse',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'The warehouse payload: warehouse details, and optionally shipping options',
          body: shippingWarehouseBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.shippingWarehouse(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/shipping-options',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'Shipping method and returns policy, with the terms accepted',
          body: shippingOptionsBody,
          response: { 200: shippingOptionsResponse, ...errors },
        },
      },
      async (request) => service.shippingOptions(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/profile/bank-details',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'The eight bank fields',
          body: bankDetailsBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.bankDetails(currentSeller(request), request.body),
    );

    app.get(
      '/api/categories',
      {
        schema: { tags, summary: 'The category catalogue (no auth)', response: { 200: categoriesResponse } },
      },
      async () => ({ categories: await service.categories() }),
    );

    app.post(
      '/api/seller/select-categories',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'What the seller will sell; the application goes to review',
          body: selectCategoriesBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.selectCategories(currentSeller(request), request.body),
    );

    app.put(
      '/api/seller/individual-information',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'Name and address of an individual seller (the pickup address)',
          body: individualInformationBody,
          response: { 200: onboardingStepResponse, ...errors },
        },
      },
      async (request) => service.individualInformation(currentSeller(request), request.body),
    );

    app.post(
      '/api/seller/verification/company',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary:
            'Multipart: certificateOfIncorporation and businessTaxId (pdf, doc, docx, jpg, png; 10 MB each)',
          consumes: ['multipart/form-data'],
          response: { 200: documentsResponse, ...errors },
        },
      },
      async (request) => files.uploadDocuments(currentSeller(request), 'company', request),
    );

    app.post(
      '/api/seller/verification/individual',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary:
            'Multipart: individualTaxId, governmentId and proofOfAddress (pdf, doc, docx, jpg, png; 10 MB each)',
          consumes: ['multipart/form-data'],
          response: { 200: documentsResponse, ...errors },
        },
      },
      async (request) => files.uploadDocuments(currentSeller(request), 'individual', request),
    );

    app.get(
      '/api/seller/documents',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: "The seller's verification documents",
          response: { 200: sellerDocumentsResponse, ...errors },
        },
      },
      async (request) => ({ documents: await files.documents(currentSeller(request)) }),
    );

    app.get(
      '/api/seller/documents/:id/file',
      {
        onRequest: auth,
        schema: {
          tags,
          security,
          summary: 'A document file, to its owner only',
          params: sellerDocumentFileParams,
        },
      },
      async (request, reply) => {
        const { doc, stream, size } = await files.openDocument(currentSeller(request), request.params.id);
        return reply
          .header('Content-Type', doc.mimeType)
          .header('Content-Length', size)
          .header('Content-Disposition', `inline; filename="${doc.originalName.replace(/"/g, '')}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "sandbox; default-src 'none'")
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );

    for (const slot of ['avatar', 'banner'] as const) {
      app.post(
        `/api/seller/profile/${slot}`,
        {
          onRequest: auth,
          schema: {
            tags,
            security,
            summary: `Multipart field ${slot}: any image, re-encoded as WebP without metadata`,
            consumes: ['multipart/form-data'],
            response: { 200: imageUploadResponse, ...errors },
          },
        },
        async (request) => files.uploadImage(currentSeller(request), slot, request),
      );
    }

    app.get(
      '/api/media/*',
      {
        schema: {
          tags,
          summary: 'Public images: avatars, banners, category pictures',
          params: mediaPathParams,
        },
      },
      async (request, reply) => {
        return sendStoredImage(reply, await files.openMedia(request.params['*']));
      },
    );
  };
