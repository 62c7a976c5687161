import { zodResolver } from '@hookform/resolvers/zod';
import { createProductBody, updateProductBody } from '@kasuwa/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { ProductBody, ProductFormValues } from '@/features/products/form-values';

/**
 * The product form's checks: the contract schema (create or update) behind a step that builds the
 * body, plus two rules the form adds: a way to sell must be chosen, and compare-at must beat the
 * price. Imported only by productResolver (form-values.ts), so zod is not part of the form's first
 * view; toBody comes from there too, so this chunk shares no module with the form's own.
 */
export function productSchemaResolver(
  mode: 'create' | 'update',
  toBody: (values: ProductFormValues) => unknown,
): Resolver<ProductFormValues, unknown, ProductBody> {
  const body: z.ZodType<ProductBody> = mode === 'create' ? createProductBody : updateProductBody;
  const schema = z
    .preprocess((values: ProductFormValues) => toBody(values), body)
    .superRefine((b, ctx) => {
      if (b.saleType && !b.saleType.buyNow && !b.saleType.auction) {
        ctx.addIssue({
          code: 'custom',
          path: ['saleType', 'buyNow'],
          message: 'Choose Buy now, Auction or both',
        });
      }
      if (
        mode === 'update' &&
        b.compareAtPrice != null &&
        b.price !== undefined &&
        b.compareAtPrice <= b.price
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['compareAtPrice'],
          message: 'Compare-at price must be more than the price',
        });
      }
    });
  return zodResolver(schema) as unknown as Resolver<ProductFormValues, unknown, ProductBody>;
}
