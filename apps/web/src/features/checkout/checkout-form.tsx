// size: one checkout form: delivery choice, the address, payment choice, totals and the sticky pay bar read top to bottom
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CheckoutDelivery,
  checkoutDeliverySchema,
  type DeliveryOptionsResponse,
  deliveryAddressSchema,
  deliveryMethodSchema,
  discountedTotalsKobo,
  type PaymentMethod,
  paymentMethodSchema,
} from '@kasuwa/contracts';
import { type City, citiesOfState, NIGERIA_SLUG, type State, searchStates } from '@kasuwa/reference-data';
import { clsx } from 'clsx';
import { type ReactNode, useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { readSavedAddress, saveAddress } from '@/features/checkout/saved-address';
import { formatNaira, koboToNaira, nairaToKobo } from '@/lib/money';
import { editPhone, emptyPhone, type PhoneValue, phoneProblem, toE164 } from '@/lib/phone';
import { Button } from '@/ui/button';
import { Combobox } from '@/ui/combobox';
import { Input } from '@/ui/input';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { PhoneInput } from '@/ui/phone-input';

/** One line of the summary, in naira. */
export interface SummaryLine {
  key: string;
  name: string;
  image: string | null;
  variantText: string;
  unitPrice: number;
  quantity: number;
}

export interface CheckoutChoice {
  delivery: CheckoutDelivery;
  paymentMethod: PaymentMethod;
}

export interface CheckoutFormProps {
  lines: readonly SummaryLine[];
  options: DeliveryOptionsResponse;
  storeName: string;
  /** Places the order (or pays the existing one); a rejection's message is shown by the button. */
  submit: (choice: CheckoutChoice) => Promise<void>;
  /** A coupon the server accepted (Buy now): its discount comes off the items in the totals. */
  discount?: { code: string; amount: number } | null;
  /** The coupon code field, shown above the totals. */
  couponSlot?: ReactNode;
}

const allStates = () => searchStates(NIGERIA_SLUG, '');
const stateByName = (name: string) => allStates().find((s) => s.name === name) ?? null;
const stateKey = (s: State) => s.slug;
const stateLabel = (s: State) => s.displayName;
const cityKey = (c: City) => c.slug;
const cityLabel = (c: City) => c.name;

/** The seller's fee to a state, or null when the seller does not deliver there. */
export function feeFor(options: DeliveryOptionsResponse, stateName: string): number | null {
  const wanted = stateName.trim().toLowerCase();
  const state = stateByName(stateName);
  const names = new Set([wanted, state?.displayName.toLowerCase()]);
  return options.shipping.fees.find((f) => names.has(f.state.trim().toLowerCase()))?.fee ?? null;
}

const phoneField = z.custom<PhoneValue>().superRefine((phone, ctx) => {
  const problem = phoneProblem(phone);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * The form as the buyer fills it: the phone as country + number, state and LGA as names. The
 * address fields are checked with the contract's own rules, only when the order is shipped.
 */
const checkoutFormSchema = z
  .object({
    method: deliveryMethodSchema,
    fullName: deliveryAddressSchema.shape.fullName,
    phone: phoneField,
    state: z.string(),
    city: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    landmark: z.string(),
    paymentMethod: paymentMethodSchema,
  })
  .superRefine((values, ctx) => {
    if (values.method !== 'seller') return;
    for (const key of ['state', 'city', 'addressLine1', 'addressLine2', 'landmark'] as const) {
      const checked = deliveryAddressSchema.shape[key].safeParse(values[key]);
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: checked.error.issues[0]?.message ?? 'Required',
        });
    }
  });
type CheckoutValues = z.input<typeof checkoutFormSchema>;
type CheckoutOutput = z.output<typeof checkoutFormSchema>;

function defaults(options: DeliveryOptionsResponse): CheckoutValues {
  const saved = readSavedAddress();
  return {
    method: options.shipping.enabled || !options.pickup.enabled ? 'seller' : 'pickup',
    fullName: saved?.fullName ?? '',
    phone: saved ? editPhone(emptyPhone, saved.phoneNumber) : emptyPhone,
    state: saved?.state ?? '',
    city: saved?.city ?? '',
    addressLine1: saved?.addressLine1 ?? '',
    addressLine2: saved?.addressLine2 ?? '',
    landmark: saved?.landmark ?? '',
    paymentMethod: 'online',
  };
}

/** The contract's delivery from the form, checked by the contract's schema. */
function deliveryOf(values: CheckoutOutput): CheckoutDelivery {
  const phoneNumber = toE164(values.phone) ?? '';
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return checkoutDeliverySchema.parse(
    values.method === 'pickup'
      ? { method: 'pickup', contact: { fullName: values.fullName, phoneNumber } }
      : {
          method: 'seller',
          address: {
            fullName: values.fullName,
            phoneNumber,
            state: values.state,
            city: values.city,
            addressLine1: values.addressLine1,
            addressLine2: optional(values.addressLine2),
            landmark: optional(values.landmark),
          },
        },
  );
}

const choiceClass = (checked: boolean, disabled = false) =>
  clsx(
    'flex min-h-12 cursor-pointer items-start gap-3 rounded-control border p-3',
    checked ? 'border-brand-600 bg-brand-50' : 'border-line-strong',
    disabled && 'cursor-not-allowed opacity-60',
  );

export function CheckoutForm({
  lines,
  options,
  storeName,
  submit,
  discount = null,
  couponSlot,
}: CheckoutFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutValues, unknown, CheckoutOutput>({
    resolver: zodResolver(checkoutFormSchema),
    mode: 'onTouched',
    defaultValues: defaults(options),
  });
  const method = watch('method');
  const stateName = watch('state');
  const chosenState = stateByName(stateName);
  const fee = method === 'pickup' ? 0 : stateName ? feeFor(options, stateName) : null;
  const noDelivery = method === 'seller' && stateName !== '' && fee === null;
  const totals = discountedTotalsKobo(
    lines.map((l) => ({ unitPriceKobo: nairaToKobo(l.unitPrice), quantity: l.quantity })),
    nairaToKobo(fee ?? 0),
    nairaToKobo(discount?.amount ?? 0),
  );
  const total = koboToNaira(totals.totalKobo);
  const podOffered = options.payOnDelivery.enabled;
  const podAllowed = podOffered && total <= options.payOnDelivery.cap;
  const payment: PaymentMethod =
    watch('paymentMethod') === 'pay_on_delivery' && podAllowed ? 'pay_on_delivery' : 'online';
  const canShip = options.shipping.enabled;
  const canPickUp = options.pickup.enabled;
  const storeLabel = storeName || 'This store';

  const searchCities = useCallback(
    (query: string) => (chosenState ? citiesOfState(chosenState.slug, query) : []),
    [chosenState],
  );

  const onValid = async (values: CheckoutOutput) => {
    setFailure(null);
    if (noDelivery) return;
    const delivery = deliveryOf(values);
    if (delivery.method === 'seller') saveAddress(delivery.address);
    try {
      await submit({ delivery, paymentMethod: payment });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Your order was not placed. Try again.');
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-5 pb-40">
      <section aria-labelledby="summary-title" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="summary-title" className="font-semibold text-ink">
          Order summary
        </h2>
        <ul className="mt-3 flex flex-col gap-3">
          {lines.map((line) => (
            <li key={line.key} className="flex gap-3">
              {line.image ? (
                <MediaImage
                  src={line.image}
                  shownAt={fixedSlot(56)}
                  className="size-14 shrink-0 rounded-control object-cover"
                />
              ) : (
                <div className="size-14 shrink-0 rounded-control bg-canvas" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{line.name}</p>
                {line.variantText && <p className="text-ink-muted text-sm">{line.variantText}</p>}
                <p className="text-ink-muted text-sm tabular-nums">
                  {line.quantity} × {formatNaira(line.unitPrice)}
                </p>
              </div>
              <p className="font-semibold text-ink tabular-nums">
                {formatNaira(line.unitPrice * line.quantity)}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="delivery-title"
        className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <h2 id="delivery-title" className="font-semibold text-ink">
          Delivery
        </h2>
        {!canShip && !canPickUp && (
          <p role="alert" className="text-danger-600 text-sm">
            {storeLabel} has not set up delivery yet, so this order cannot be placed.
          </p>
        )}
        {canShip && (
          <label className={choiceClass(method === 'seller')}>
            <input type="radio" value="seller" {...register('method')} className="mt-1 size-5" />
            <span>
              <span className="block font-medium text-ink">Ship to my address</span>
              <span className="block text-ink-muted text-sm">
                Sent by {storeLabel}; the fee depends on your state.
              </span>
            </span>
          </label>
        )}
        {canPickUp && (
          <label className={choiceClass(method === 'pickup')}>
            <input type="radio" value="pickup" {...register('method')} className="mt-1 size-5" />
            <span>
              <span className="block font-medium text-ink">Store pickup · free</span>
              {options.pickup.address && (
                <span className="block text-ink-muted text-sm">{options.pickup.address}</span>
              )}
            </span>
          </label>
        )}

        <Input
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              label="Phone number"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.phone?.message}
              hint={method === 'pickup' ? 'The store calls this number when your order is ready.' : undefined}
            />
          )}
        />
        {method === 'seller' && (
          <>
            <Combobox
              label="State"
              placeholder="Search states"
              search={(query) => searchStates(NIGERIA_SLUG, query)}
              itemKey={stateKey}
              itemLabel={stateLabel}
              value={chosenState}
              onChange={(next) => {
                setValue('state', next?.name ?? '', { shouldValidate: true });
                setValue('city', '');
              }}
              error={errors.state?.message}
            />
            {noDelivery && (
              <p role="alert" className="font-medium text-danger-600 text-sm">
                {storeLabel} does not deliver to {chosenState?.displayName ?? stateName}.
                {canPickUp ? ' Choose store pickup or another address.' : ' Choose another address.'}
              </p>
            )}
            {fee !== null && stateName && (
              <p className="text-ink-muted text-sm">
                Delivery to {chosenState?.displayName ?? stateName}: {formatNaira(fee)}
              </p>
            )}
            <Combobox
              label="LGA or city"
              placeholder={chosenState ? 'Search local areas' : undefined}
              hint={chosenState ? undefined : 'Choose a state first'}
              disabled={!chosenState}
              search={searchCities}
              itemKey={cityKey}
              itemLabel={cityLabel}
              value={
                chosenState
                  ? (citiesOfState(chosenState.slug, '').find((c) => c.name === watch('city')) ?? null)
                  : null
              }
              onChange={(next) => setValue('city', next?.name ?? '', { shouldValidate: true })}
              error={errors.city?.message}
            />
            <Input
              label="Address"
              autoComplete="address-line1"
              hint="House number and street"
              error={errors.addressLine1?.message}
              {...register('addressLine1')}
            />
            <Input
              label="Address line 2 (optional)"
              autoComplete="address-line2"
              error={errors.addressLine2?.message}
              {...register('addressLine2')}
            />
            <Input
              label="Landmark (optional)"
              hint="e.g. Opposite First Bank"
              error={errors.landmark?.message}
              {...register('landmark')}
            />
          </>
        )}
      </section>

      <section
        aria-labelledby="payment-title"
        className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <h2 id="payment-title" className="font-semibold text-ink">
          Payment
        </h2>
        <label className={choiceClass(payment === 'online')}>
          <input
            type="radio"
            value="online"
            {...register('paymentMethod')}
            checked={payment === 'online'}
            className="mt-1 size-5"
          />
          <span>
            <span className="block font-medium text-ink">Pay now online</span>
            <span className="block text-ink-muted text-sm">Card, bank transfer or USSD.</span>
          </span>
        </label>
        {podOffered && (
          <label className={choiceClass(payment === 'pay_on_delivery', !podAllowed)}>
            <input
              type="radio"
              value="pay_on_delivery"
              disabled={!podAllowed}
              {...register('paymentMethod')}
              checked={payment === 'pay_on_delivery'}
              className="mt-1 size-5"
            />
            <span>
              <span className="block font-medium text-ink">Pay on delivery</span>
              <span className="block text-ink-muted text-sm">
                {podAllowed
                  ? 'Pay when your order reaches you.'
                  : `Only for orders up to ${formatNaira(options.payOnDelivery.cap)}; this one is ${formatNaira(total)}.`}
              </span>
            </span>
          </label>
        )}
      </section>

      {couponSlot}

      <section aria-label="Totals" className="rounded-card bg-surface p-4 shadow-card">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums">
          <dt className="text-ink-muted">Subtotal</dt>
          <dd>{formatNaira(koboToNaira(totals.subtotalKobo))}</dd>
          <dt className="text-ink-muted">Delivery</dt>
          <dd>{fee === null ? '—' : formatNaira(koboToNaira(totals.deliveryFeeKobo))}</dd>
          {totals.discountKobo > 0 && discount && (
            <>
              <dt className="text-brand-700">Coupon {discount.code}</dt>
              <dd className="text-brand-700">−{formatNaira(koboToNaira(totals.discountKobo))}</dd>
            </>
          )}
          <dt className="font-semibold text-ink">Total</dt>
          <dd className="font-semibold text-ink">{formatNaira(total)}</dd>
        </dl>
      </section>

      <div className="fixed inset-x-0 bottom-0 z-10 border-line border-t bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto flex max-w-xl flex-col gap-2">
          {failure && (
            <p role="alert" className="font-medium text-danger-600 text-sm">
              {failure}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={isSubmitting}
            disabled={noDelivery || (!canShip && !canPickUp)}
          >
            {payment === 'online' ? `Pay ${formatNaira(total)}` : 'Place order'}
          </Button>
        </div>
      </div>
    </form>
  );
}
