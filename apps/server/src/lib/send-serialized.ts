import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer already checked against the route's schema and written as JSON: a string with a
 * JSON content type goes out as it is, past the route's serializer (the products and orders lists
 * write their own: docs/cold-path.md, docs/order-lists.md).
 */
export const sendSerialized = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);
