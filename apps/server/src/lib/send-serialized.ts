import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer already checked against the route's schema and written as JSON: a string with a
 * JSON content type goes out as it is, past the route's serializer (the products and orders lists
 * write their own: docs/cold-path.md, docs/order-lists.md).
 */
export const sendSerialized = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);

/**
 * A list's JSON answer from items already written as JSON (texts PostgreSQL keeps on their rows,
 * joined by commas): `{"<key>":[<items>],…rest}`, `rest` written by JSON.stringify after them.
 */
export function listAnswerJson(key: string, items: string, rest: object): string {
  const fields = JSON.stringify(rest);
  return `{"${key}":[${items}]${fields.length > 2 ? `,${fields.slice(1)}` : '}'}`;
}
