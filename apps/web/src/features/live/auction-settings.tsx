import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import {
  describeAuctionSettings,
  type LiveDraftBody,
  type LiveDraftValues,
} from '@/features/live/live-draft';
import { AmountField, SwitchField } from '@/ui/form-parts';

type DraftForm = UseFormReturn<LiveDraftValues, unknown, LiveDraftBody>;

/** Plain words for each auction setting, shown under its field. */
export const AUCTION_HINTS = {
  startingBid: 'The first bid must be at least this much.',
  durationSeconds: 'How long bidding runs once you start this product. 30 seconds suits most items.',
  counterBidSeconds:
    'If someone bids when less than this is left, the clock goes back up to it, so others can answer.',
  suddenDeath: 'No extra time: the clock never goes back up. The highest bid when it runs out wins.',
  reservePrice: 'Optional. The lowest price you will accept; below it the product is not sold.',
} as const;

/**
 * A product's auction settings, folded to one line by default (the defaults suit most products);
 * they open when the seller asks, or when one of them needs attention.
 */
export function AuctionSettings({ form, index, name }: { form: DraftForm; index: number; name: string }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const settings = useWatch({ control: form.control, name: `products.${index}.auctionSettings` });
  const hasErrors = Boolean(form.formState.errors.products?.[index]?.auctionSettings);
  const expanded = open || hasErrors;
  // Once opened for a problem they stay open, so fixing the last one does not fold them away mid-edit.
  useEffect(() => {
    if (hasErrors) setOpen(true);
  }, [hasErrors]);
  return (
    <div className="mt-3 border-line border-t pt-2">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => {
          if (!hasErrors) setOpen(!open);
        }}
        className="flex min-h-11 w-full items-center gap-2 rounded-control text-left hover:bg-canvas"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink text-sm">
            Auction settings<span className="sr-only"> for {name}</span>
          </span>
          <span className="block text-ink-muted text-sm">{describeAuctionSettings(settings)}</span>
        </span>
        <ChevronDown
          className={clsx('size-5 shrink-0 text-ink-muted transition-transform', expanded && 'rotate-180')}
          aria-hidden
        />
      </button>
      <div id={panelId} hidden={!expanded}>
        {expanded && <AuctionSettingsFields form={form} index={index} name={name} />}
      </div>
    </div>
  );
}

function AuctionSettingsFields({ form, index, name }: { form: DraftForm; index: number; name: string }) {
  const groupId = useId();
  const prefix = `products.${index}.auctionSettings` as const;
  const errors = form.formState.errors.products?.[index]?.auctionSettings;
  const suddenDeath = useWatch({ control: form.control, name: `${prefix}.suddenDeath` });
  return (
    <fieldset aria-labelledby={groupId} className="mt-2 flex flex-col gap-3">
      <legend id={groupId} className="sr-only">
        Auction settings for {name}
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <AmountField
          label="Starting bid"
          prefix="₦"
          hint={AUCTION_HINTS.startingBid}
          error={errors?.startingBid?.message}
          {...form.register(`${prefix}.startingBid`)}
        />
        <AmountField
          label="Reserve price"
          prefix="₦"
          hint={AUCTION_HINTS.reservePrice}
          error={errors?.reservePrice?.message}
          {...form.register(`${prefix}.reservePrice`)}
        />
        <AmountField
          label="Duration"
          suffix="seconds"
          inputMode="numeric"
          hint={AUCTION_HINTS.durationSeconds}
          error={errors?.durationSeconds?.message}
          {...form.register(`${prefix}.durationSeconds`)}
        />
        {suddenDeath ? (
          <p className="text-ink-muted text-sm sm:self-center">
            Counter-bid time does not apply: in sudden death the clock never goes back up.
          </p>
        ) : (
          <AmountField
            label="Counter-bid time"
            suffix="seconds"
            inputMode="numeric"
            hint={AUCTION_HINTS.counterBidSeconds}
            error={errors?.counterBidSeconds?.message}
            {...form.register(`${prefix}.counterBidSeconds`)}
          />
        )}
      </div>
      <Controller
        control={form.control}
        name={`${prefix}.suddenDeath`}
        render={({ field }) => (
          <SwitchField
            label="Sudden death"
            hint={AUCTION_HINTS.suddenDeath}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </fieldset>
  );
}
