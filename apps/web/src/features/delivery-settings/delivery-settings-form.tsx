import type { DeliverySettings } from '@kasuwa/contracts';
import type { State } from '@kasuwa/reference-data';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import {
  deliverySettingsQuery,
  useSaveDeliverySettings,
} from '@/features/delivery-settings/delivery-settings-api';
import {
  type DeliveryFormValues,
  deliveryResolver,
  NIGERIAN_STATES,
  toFormValues,
} from '@/features/delivery-settings/delivery-settings-values';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Combobox } from '@/ui/combobox';
import { AmountField, SwitchField } from '@/ui/form-parts';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';

const stateByName = new Map(NIGERIAN_STATES.map((s) => [s.name, s]));
const searchNigerianStates = (query: string): readonly State[] => {
  const q = query.trim().toLowerCase();
  return q
    ? NIGERIAN_STATES.filter((s) => `${s.name} ${s.displayName}`.toLowerCase().includes(q))
    : NIGERIAN_STATES;
};

/** Fills every state with one fee: most sellers charge a flat rate and only then adjust a few. */
function SameFeeForAll({ onApply }: { onApply: (fee: string) => void }) {
  const [fee, setFee] = useState('');
  return (
    <div className="flex flex-col gap-2 rounded-control bg-canvas p-3 sm:flex-row sm:items-end">
      <AmountField
        label="Same fee for all states"
        prefix="₦"
        value={fee}
        onChange={(e) => setFee(e.target.value)}
        className="flex-1"
      />
      <Button variant="secondary" disabled={fee.trim() === ''} onClick={() => onApply(fee)}>
        Apply to all {NIGERIAN_STATES.length} states
      </Button>
    </div>
  );
}

function Form({ api, settings }: { api: ApiClient; settings: DeliverySettings }) {
  const form = useForm<DeliveryFormValues, unknown, DeliverySettings>({
    resolver: deliveryResolver(),
    defaultValues: toFormValues(settings),
  });
  const fees = useFieldArray({ control: form.control, name: 'shipping.fees' });
  const save = useSaveDeliverySettings(api);
  const { errors } = form.formState;
  const shippingOn = form.watch('shipping.enabled');
  const podOn = form.watch('payOnDelivery.enabled');

  return (
    <form
      noValidate
      aria-label="Delivery settings"
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, { onSuccess: (answer) => form.reset(toFormValues(answer.settings)) }),
      )}
      className="flex flex-col gap-5"
    >
      <Controller
        control={form.control}
        name="shipping.enabled"
        render={({ field }) => (
          <SwitchField
            label="I ship orders myself"
            hint="Set a delivery fee for each state you deliver to. States without a fee are not offered."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {shippingOn && (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Delivery fee per state</legend>
          <SameFeeForAll
            onApply={(fee) => fees.replace(NIGERIAN_STATES.map((s) => ({ state: s.name, fee })))}
          />
          {fees.fields.length === 0 && (
            <p className="text-ink-muted text-sm">
              No states yet: add the states you deliver to and their fee.
            </p>
          )}
          <ul className="flex flex-col gap-3">
            {fees.fields.map((row, index) => (
              <li key={row.id} className="flex items-start gap-2">
                <Controller
                  control={form.control}
                  name={`shipping.fees.${index}.state`}
                  render={({ field }) => (
                    <Combobox
                      ariaLabel={`State ${index + 1}`}
                      search={searchNigerianStates}
                      itemKey={(s) => s.slug}
                      itemLabel={(s) => s.displayName}
                      value={stateByName.get(field.value) ?? null}
                      onChange={(s) => field.onChange(s?.name ?? '')}
                      onBlur={field.onBlur}
                      placeholder="State"
                      error={errors.shipping?.fees?.[index]?.state?.message}
                      className="min-w-0 flex-[3]"
                    />
                  )}
                />
                <AmountField
                  label={`Fee ${index + 1}`}
                  prefix="₦"
                  error={errors.shipping?.fees?.[index]?.fee?.message}
                  className="min-w-0 flex-[2] [&>label]:sr-only"
                  {...form.register(`shipping.fees.${index}.fee`)}
                />
                <Button
                  variant="ghost"
                  aria-label={`Remove state ${index + 1}`}
                  onClick={() => fees.remove(index)}
                  className="shrink-0"
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            onClick={() => fees.append({ state: '', fee: '' })}
            className="self-start"
          >
            <Plus className="size-4" aria-hidden />
            Add state
          </Button>
        </fieldset>
      )}
      <Controller
        control={form.control}
        name="pickup.enabled"
        render={({ field }) => (
          <SwitchField
            label="Store pickup"
            hint="Buyers collect from your pickup address and show a 6-digit code."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="payOnDelivery.enabled"
        render={({ field }) => (
          <SwitchField
            label="Pay on delivery"
            hint="Buyers pay when the order arrives, up to the limit you set."
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {podOn && (
        <AmountField
          label="Largest order for pay on delivery"
          prefix="₦"
          error={errors.payOnDelivery?.cap?.message}
          {...form.register('payOnDelivery.cap')}
        />
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AmountField
          label="Low-stock alert at"
          hint="We tell you when a product or variant falls to this many."
          inputMode="numeric"
          suffix="left"
          error={errors.lowStockThreshold?.message}
          {...form.register('lowStockThreshold')}
        />
        <AmountField
          label="Time to pay for an auction win"
          hint="An unpaid win is cancelled after this; 24 hours is usual."
          inputMode="numeric"
          suffix="hours"
          error={errors.paymentWindowHours?.message}
          {...form.register('paymentWindowHours')}
        />
      </div>
      <Button type="submit" loading={save.isPending} className="self-start">
        Save delivery settings
      </Button>
    </form>
  );
}

/** The seller's delivery settings (Settings → Delivery): shipping fees, pickup, pay on delivery, stock alert, payment window. */
export function DeliverySettingsForm({ api = appApi }: { api?: ApiClient }) {
  const query = useQuery(deliverySettingsQuery(api));
  if (query.isPending) return <ListSkeleton label="Loading delivery settings" rows={3} />;
  if (query.isError) return <LoadFailed what="your delivery settings" onRetry={() => void query.refetch()} />;
  return <Form api={api} settings={query.data} />;
}
