import { z } from 'zod';

/**
 * Every non-2xx answer of the API has this shape; the web shows `message` to the seller.
 * Validation failures also list each problem with the field it belongs to, so forms can mark it.
 */
export const errorResponse = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Query-string page/limit with bounded values; lists never return more than 100 rows at once. */
export const paginationQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
