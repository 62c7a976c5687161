import { useFormState, useWatch } from 'react-hook-form';
import type { ProductFormApi } from '@/features/products/use-product-form';
import { AmountField, CheckboxField, FormSection } from '@/ui/form-parts';

/** Buy now, auction or both; an auction's starting bid and reserve price. */
export function ProductSaleTypeSection({ form }: { form: ProductFormApi }) {
  const { register } = form;
  const { errors } = useFormState({ control: form.control });
  const auctionOn = useWatch({ control: form.control, name: 'saleType.auctionOn' });
  return (
    <FormSection title="Sale type" description="Sell at a fixed price, in a live auction, or both.">
      <CheckboxField
        label="Buy now"
        hint="Buyers pay the price and check out."
        {...register('saleType.buyNow')}
      />
      <CheckboxField
        label="Auction"
        hint="Buyers bid during your live shows."
        {...register('saleType.auctionOn')}
      />
      {errors.saleType?.buyNow?.message && (
        <p className="font-medium text-danger-600 text-sm">{errors.saleType.buyNow.message}</p>
      )}
      {auctionOn && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <AmountField
            label="Starting bid"
            prefix="₦"
            error={errors.saleType?.auction?.startingBid?.message}
            {...register('saleType.auction.startingBid')}
          />
          <AmountField
            label="Reserve price"
            prefix="₦"
            placeholder="Optional"
            hint="The lowest winning bid you accept."
            error={errors.saleType?.auction?.reservePrice?.message}
            {...register('saleType.auction.reservePrice')}
          />
        </div>
      )}
    </FormSection>
  );
}
