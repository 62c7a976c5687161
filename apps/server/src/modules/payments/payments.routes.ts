import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { errorResponses } from '@/lib/error-responses.ts';
import { HttpError } from '@/lib/errors.ts';
import { renderLocalPayPage, renderPayProblemPage } from '@/modules/payments/local-pay-page.ts';
import { localChargeWebhook, localCheckoutPath } from '@/modules/payments/local-provider.ts';
import type { PaymentsService } from '@/modules/payments/payments.service.ts';

const tags = ['payments'];
const HTML = 'text/html; charset=utf-8';
const referenceParams = z.object({ reference: z.string().min(1).max(100) });
const returnPath = z.string().max(500).optional();

/** The webhook route of each provider (the contract's agreed paths). */
export const WEBHOOK_PATHS = {
  local: '/api/webhooks/local-pay',
  paystack: '/api/webhooks/paystack',
} as const;

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type(HTML).header('cache-control', 'no-store').send(html);

/**
 * The provider's webhook, our pay link, and (local provider only) the local checkout page. Only the
 * configured provider's routes exist: with Paystack there is no test card to pay with.
 */
export const paymentsRoutes =
  ({
    service,
    localSecret,
    clock,
  }: {
    service: PaymentsService;
    /** Signs the local processor's webhooks. */
    localSecret: string;
    clock: Clock;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // The webhook is verified on the exact bytes received, so its scope keeps bodies raw; JSON
    // parsing everywhere else is untouched (this scope is encapsulated).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.withTypeProvider<ZodTypeProvider>().post(
        WEBHOOK_PATHS[service.providerName],
        {
          schema: {
            tags,
            summary: `The payment provider's signed webhook (${service.providerName})`,
            response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(401, 429) },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await service.handleWebhook(body, request.headers);
          request.log.info({ outcome }, 'payment webhook');
          return { received: true as const };
        },
      );
    });

    app.get(
      '/pay/:reference',
      {
        schema: {
          tags,
          summary: "A payment's pay link: opens the provider's checkout (HTML redirect)",
          params: referenceParams,
          querystring: z.object({ return: returnPath }),
        },
      },
      async (request, reply) => {
        try {
          const target = await service.openPayLink(request.params.reference, request.query.return);
          return reply.header('cache-control', 'no-store').redirect(target, 303);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          const notFound = err.statusCode === 404;
          return sendHtml(
            reply,
            err.statusCode,
            renderPayProblemPage(
              notFound ? 'Payment not found' : 'The payment page could not be opened',
              notFound
                ? 'This payment link is not valid. Go back to your order to pay.'
                : 'The payment service did not answer. No money was taken; please try again.',
              notFound ? null : request.url,
            ),
          );
        }
      },
    );

    if (service.providerName !== 'local') return;

    const pageOf = async (reference: string) => {
      const view = await service.view(reference);
      return view && view.provider === 'local' ? view : null;
    };
    const notFoundPage = (reply: FastifyReply) =>
      sendHtml(
        reply,
        404,
        renderPayProblemPage('Payment not found', 'This checkout link is not valid.', null),
      );

    app.get(
      '/pay/local/:reference',
      {
        schema: {
          tags,
          summary: 'The local test checkout page (HTML)',
          params: referenceParams,
          querystring: z.object({ return: returnPath, declined: z.literal('1').optional() }),
        },
      },
      async (request, reply) => {
        const view = await pageOf(request.params.reference);
        if (!view) return notFoundPage(reply);
        const { return: back, declined } = request.query;
        const action = localCheckoutPath(view.reference);
        const settled = view.status === 'succeeded' || view.status === 'amount_mismatch';
        return sendHtml(
          reply,
          200,
          renderLocalPayPage({
            storeName: view.storeName,
            orderNumber: view.orderNumber,
            amountKobo: view.amountKobo,
            action,
            returnPath: back ?? null,
            retryUrl: back ? `${action}?return=${encodeURIComponent(back)}` : action,
            backUrl: service.callbackFor(view, back),
            state: settled ? 'paid' : declined && view.status === 'failed' ? 'declined' : 'open',
          }),
        );
      },
    );

    await app.register(async (form) => {
      // The page's plain HTML form posts urlencoded; only this scope reads that type.
      form.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      form.withTypeProvider<ZodTypeProvider>().post(
        '/pay/local/:reference',
        {
          schema: {
            tags,
            summary: 'The local test checkout: pay, decline or cancel (HTML form, redirects)',
            params: referenceParams,
            body: z.object({
              outcome: z.enum(['success', 'declined', 'abandoned']),
              return: returnPath,
            }),
          },
        },
        async (request, reply) => {
          const view = await pageOf(request.params.reference);
          if (!view) return notFoundPage(reply);
          const { outcome, return: back } = request.body;
          const callback = service.callbackFor(view, back);
          if (view.status === 'succeeded' || view.status === 'amount_mismatch')
            return reply.redirect(callback, 303);
          if (outcome === 'success') {
            // As a real processor would: a signed charge.success into the same webhook handler.
            const webhook = localChargeWebhook(localSecret, {
              reference: view.reference,
              amountKobo: view.amountKobo,
              paidAt: clock.now(),
            });
            await service.handleWebhook(webhook.rawBody, webhook.headers);
            return reply.redirect(callback, 303);
          }
          await service.recordUnsuccessful(view.reference, outcome === 'declined' ? 'failed' : 'abandoned');
          if (outcome === 'abandoned') return reply.redirect(callback, 303);
          const again = new URLSearchParams({ ...(back ? { return: back } : {}), declined: '1' });
          return reply.redirect(`${localCheckoutPath(view.reference)}?${again}`, 303);
        },
      );
    });
  };
