import type { PickupAddress } from '@kasuwa/contracts';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  AddressEditor,
  type AddressValue,
  addressPayload,
  addressProblem,
  addressValueOf,
} from '@/features/settings/address-editor';
import { usePickupAddressSave } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

/**
 * The pickup address (individual) or the business address and warehouse (business). Saving it is
 * what lets the seller add products and go live (SPEC section 5).
 */
export function PickupAddressForm({ api, current }: { api: ApiClient; current: PickupAddress }) {
  const business = current.accountType === 'business';
  const [address, setAddress] = useState<AddressValue>(() => addressValueOf(current.address));
  const [warehouseName, setWarehouseName] = useState(current.warehouse?.name ?? '');
  const [warehousePhone, setWarehousePhone] = useState(current.warehouse?.contactNumber ?? '');
  const [warehouseAddress, setWarehouseAddress] = useState<AddressValue>(() =>
    addressValueOf(current.warehouse?.address ?? null),
  );
  const save = usePickupAddressSave(api);

  const hasWarehouse =
    business &&
    (warehouseName.trim() !== '' ||
      warehousePhone.trim() !== '' ||
      addressProblem(warehouseAddress) === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      addressProblem(address) ??
      (hasWarehouse && !warehouseName.trim() ? 'Enter the warehouse name' : null) ??
      (hasWarehouse && !warehousePhone.trim() ? 'Enter the warehouse contact number' : null) ??
      (hasWarehouse ? addressProblem(warehouseAddress) : null);
    if (problem) {
      toast.error('Your address is incomplete', problem);
      return;
    }
    save.mutate(
      {
        address: addressPayload(address),
        ...(hasWarehouse
          ? {
              warehouse: {
                name: warehouseName.trim(),
                contactNumber: warehousePhone.trim(),
                address: addressPayload(warehouseAddress),
              },
            }
          : {}),
      },
      { onSuccess: (answer) => toast.success(answer.message) },
    );
  };

  if (!current.accountType) {
    return (
      <p className="text-ink-muted text-sm">
        Finish choosing your account type in onboarding first: individuals register a pickup address,
        businesses a business address.
      </p>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={business ? 'Business address' : 'Pickup address'}
      className="flex flex-col gap-4"
    >
      <p
        className={`flex items-start gap-2 rounded-control p-3 text-sm ${
          current.registered ? 'bg-brand-50 text-brand-800' : 'bg-amber-50 text-amber-950'
        }`}
      >
        {current.registered ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        ) : (
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        {current.registered
          ? 'Registered: couriers collect your orders here.'
          : 'Not registered yet. You need it before you can add products or go live.'}
      </p>
      <AddressEditor idPrefix="pickup" value={address} onChange={setAddress} />
      {business && (
        <fieldset className="flex flex-col gap-4 border-line border-t pt-4">
          <legend className="pt-4 font-semibold text-ink">Warehouse (optional)</legend>
          <p className="-mt-2 text-ink-muted text-sm">
            Where stock is kept, if it is not at the business address.
          </p>
          <Input
            label="Warehouse name"
            value={warehouseName}
            onChange={(e) => setWarehouseName(e.target.value)}
          />
          <Input
            label="Warehouse contact number"
            type="tel"
            autoComplete="tel"
            hint="With the country code, e.g. +2348012345678"
            value={warehousePhone}
            onChange={(e) => setWarehousePhone(e.target.value)}
          />
          <AddressEditor
            idPrefix="warehouse"
            value={warehouseAddress}
            onChange={setWarehouseAddress}
            line1Label="Warehouse street address"
          />
        </fieldset>
      )}
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : business ? 'Save business address' : 'Save pickup address'}
        </Button>
      </div>
    </form>
  );
}
