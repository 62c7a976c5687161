import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@kasuwa/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the same zod contracts the routes validate with, so every
 * route documents itself. JSON at /api/docs/json, a readable page at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} Seller API`,
        description: `The API behind the ${PRODUCT_NAME} seller dashboard. Every error answer is JSON with a human-readable \`message\`.`,
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The admin token kept in DATA_DIR/admin-token',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
