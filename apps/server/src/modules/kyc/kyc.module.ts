import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { Clock } from '@/lib/clock.ts';
import { derivedKey, fieldCipher } from '@/lib/field-encryption.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import { kycRepository } from '@/modules/kyc/kyc.repository.ts';
import { kycAdminRoutes, kycRoutes } from '@/modules/kyc/kyc.routes.ts';
import { type KycService, kycService } from '@/modules/kyc/kyc.service.ts';
import { createKycProvider, type KycProvider, type KycProviderConfig } from '@/modules/kyc/kyc-provider.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/** KYC_PROVIDER and the key identity numbers are encrypted with (config.ts). */
export type KycConfig = {
  provider: KycProviderConfig;
  /** 32 bytes; without it (tests, benchmarks) a key derived from the JWT secret. */
  encryptionKey?: Buffer;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity verification (issue 17); tests reach the service through it. */
    kyc: KycService;
  }
}

/** Identity verification (issue 17, docs/kyc.md): the seller's routes and the review team's. */
export async function registerKycModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    config: KycConfig;
    jwtSecret: string;
    adminToken: string;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    sendMail: (q: Queryable, mail: Mail) => Promise<void>;
    requireSeller: RequireSeller;
    /** Tests pass a provider of their own (a stand-in's adapter). */
    provider?: KycProvider;
  },
): Promise<KycService> {
  const service = kycService({
    repo: kycRepository(deps.db),
    provider: deps.provider ?? createKycProvider(deps.config.provider, app.log),
    cipher: fieldCipher(deps.config.encryptionKey ?? derivedKey(deps.jwtSecret, 'kyc-identity-numbers')),
    clock: deps.clock,
    notifications: deps.notifications,
    sendMail: deps.sendMail,
  });
  app.decorate('kyc', service);
  await app.register(kycRoutes({ service, requireSeller: deps.requireSeller }));
  await app.register(kycAdminRoutes({ service, adminToken: deps.adminToken }));
  return service;
}
