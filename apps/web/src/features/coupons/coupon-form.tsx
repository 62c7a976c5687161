import type { Coupon, CouponBody, CouponChoicesResponse } from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import {
  type CouponFormValues,
  couponFormValues,
  couponPreview,
  couponResolver,
  emptyCouponValues,
} from '@/features/coupons/coupon-form-values';
import { ProductPicker, ShowPicker } from '@/features/coupons/coupon-pickers';
import { couponKeys, couponQueries, createCoupon, updateCoupon } from '@/features/coupons/coupons-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { AmountField, FormSection, LabelledField } from '@/ui/form-parts';
import { Input } from '@/ui/input';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';

const KINDS = [
  { value: 'percentage', label: 'Percentage', hint: 'e.g. 10% off' },
  { value: 'fixed', label: 'Fixed amount', hint: 'e.g. ₦1,500 off' },
] as const;
const SCOPES = [
  { value: 'store', label: 'Whole store', hint: 'Every product you sell' },
  { value: 'products', label: 'Chosen products', hint: 'Only the products you pick' },
  { value: 'live', label: 'Live show only', hint: 'A flash deal while one show is live' },
] as const;

function Choice({
  name,
  checked,
  label,
  hint,
  onSelect,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint: string;
  onSelect: () => void;
}) {
  return (
    <label
      className={clsx(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-control border p-3',
        checked ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="mt-1 size-4 accent-brand-600"
      />
      <span>
        <span className="block font-medium text-ink">{label}</span>
        <span className="block text-ink-muted text-sm">{hint}</span>
      </span>
    </label>
  );
}

export interface CouponFormProps {
  api: ApiClient;
  /** Editing this coupon; a new one when absent. */
  couponId?: string | null;
}

/** Create or edit a coupon: loads the pickers (and the coupon), then the form. */
export function CouponForm({ api, couponId = null }: CouponFormProps) {
  const choices = useQuery(couponQueries.choices(api));
  const coupon = useQuery({ ...couponQueries.detail(api, couponId ?? ''), enabled: couponId !== null });
  if (choices.isPending || (couponId !== null && coupon.isPending))
    return <ListSkeleton rows={4} label="Loading" />;
  if (!choices.data || (couponId !== null && !coupon.data)) {
    return (
      <LoadFailed
        what={couponId ? 'this coupon' : 'your products and shows'}
        onRetry={() => void Promise.all([choices.refetch(), couponId ? coupon.refetch() : null])}
      />
    );
  }
  return <CouponFormFields api={api} choices={choices.data} coupon={coupon.data ?? null} />;
}

function CouponFormFields({
  api,
  choices,
  coupon,
}: {
  api: ApiClient;
  choices: CouponChoicesResponse;
  coupon: Coupon | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // A coupon's show that has ended is kept as a choice while editing it.
  const shows =
    coupon?.show && !choices.shows.some((s) => s._id === coupon.show?._id)
      ? [...choices.shows, coupon.show]
      : choices.shows;
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponBody>({
    resolver: couponResolver,
    mode: 'onTouched',
    defaultValues: coupon ? couponFormValues(coupon) : emptyCouponValues(),
  });
  const values = watch();
  const preview = couponPreview(values, {
    productCount: values.productIds.length,
    showTitle: shows.find((s) => s._id === values.streamId)?.title ?? null,
  });

  // The resolver answers the contract's body, built from the form and checked by its schema.
  const onValid = async (body: CouponBody) => {
    setFailure(null);
    try {
      const saved = coupon ? await updateCoupon(api, coupon._id, body) : await createCoupon(api, body);
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      toast.success(coupon ? `${saved.coupon.code} saved` : `${saved.coupon.code} created`);
      void navigate(paths.dashboard.marketing.coupons.list);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The coupon was not saved. Try again.');
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="mt-4 flex max-w-3xl flex-col gap-4 pb-28">
      <FormSection title="Code and discount">
        <Input
          label="Coupon code"
          hint="Buyers type this at checkout; capitals or not, it is the same code."
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          placeholder="e.g. ANKARA10"
          error={errors.code?.message}
          {...register('code', { setValueAs: (s: string) => s.toUpperCase() })}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <legend className="mb-1.5 font-medium text-ink text-sm">Discount type</legend>
              {KINDS.map((k) => (
                <Choice
                  key={k.value}
                  name="coupon-kind"
                  checked={field.value === k.value}
                  label={k.label}
                  hint={k.hint}
                  onSelect={() => field.onChange(k.value)}
                />
              ))}
            </fieldset>
          )}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {values.kind === 'percentage' ? (
            <>
              <AmountField
                label="Percentage off"
                suffix="%"
                inputMode="numeric"
                error={errors.percentOff?.message}
                {...register('percentOff')}
              />
              <AmountField
                label="Maximum discount (optional)"
                prefix="₦"
                hint="The most one order can save"
                error={errors.maxDiscount?.message}
                {...register('maxDiscount')}
              />
            </>
          ) : (
            <AmountField
              label="Amount off"
              prefix="₦"
              error={errors.amountOff?.message}
              {...register('amountOff')}
            />
          )}
          <AmountField
            label="Minimum order (optional)"
            prefix="₦"
            hint="Of the items the coupon covers"
            error={errors.minOrder?.message}
            {...register('minOrder')}
          />
        </div>
      </FormSection>

      <FormSection title="Where it works">
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <legend className="mb-1.5 font-medium text-ink text-sm">Applies to</legend>
              {SCOPES.map((s) => (
                <Choice
                  key={s.value}
                  name="coupon-scope"
                  checked={field.value === s.value}
                  label={s.label}
                  hint={s.hint}
                  onSelect={() => field.onChange(s.value)}
                />
              ))}
            </fieldset>
          )}
        />
        {values.scope === 'products' && (
          <Controller
            control={control}
            name="productIds"
            render={({ field }) => (
              <ProductPicker
                products={choices.products}
                value={field.value}
                onChange={field.onChange}
                error={errors.productIds?.message}
              />
            )}
          />
        )}
        {values.scope === 'live' && (
          <Controller
            control={control}
            name="streamId"
            render={({ field }) => (
              <ShowPicker
                shows={shows}
                value={field.value}
                onChange={field.onChange}
                error={errors.streamId?.message}
              />
            )}
          />
        )}
      </FormSection>

      <FormSection title="Limits and dates">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <AmountField
            label="Total uses (optional)"
            inputMode="numeric"
            hint="Empty for no limit"
            error={errors.usageLimit?.message}
            {...register('usageLimit')}
          />
          <AmountField
            label="Uses per buyer (optional)"
            inputMode="numeric"
            hint="Empty for no limit"
            error={errors.perBuyerLimit?.message}
            {...register('perBuyerLimit')}
          />
          <LabelledField label="Starts" error={errors.startsAt?.message}>
            {(c) => (
              <input
                {...c}
                type="datetime-local"
                className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base"
                {...register('startsAt')}
              />
            )}
          </LabelledField>
          <LabelledField
            label="Ends (optional)"
            hint={
              values.scope === 'live'
                ? 'It also stops when the show ends'
                : 'Empty to run until you disable it'
            }
            error={errors.endsAt?.message}
          >
            {(c) => (
              <input
                {...c}
                type="datetime-local"
                className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base"
                {...register('endsAt')}
              />
            )}
          </LabelledField>
        </div>
      </FormSection>

      <section
        aria-labelledby="coupon-preview"
        className="rounded-card border border-brand-200 bg-brand-50 p-4"
      >
        <h2 id="coupon-preview" className="font-semibold text-brand-800">
          What buyers get
        </h2>
        <p className="mt-1 text-ink" aria-live="polite">
          {preview.summary}
        </p>
        {preview.example && <p className="mt-1 text-ink-muted text-sm">{preview.example}</p>}
      </section>

      <div className="fixed inset-x-0 bottom-0 z-10 border-line border-t bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:static md:border-0 md:bg-transparent md:p-0">
        <div className="mx-auto flex max-w-3xl flex-col gap-2 md:flex-row-reverse md:items-center">
          <Button type="submit" size="lg" loading={isSubmitting} className="md:w-auto" fullWidth>
            {coupon ? 'Save coupon' : 'Create coupon'}
          </Button>
          {failure && (
            <p role="alert" className="font-medium text-danger-600 text-sm md:mr-auto">
              {failure}
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
