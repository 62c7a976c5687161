import { type Country, findCountryByIso2 } from '@kasuwa/reference-data';
import { clsx } from 'clsx';
import { useId } from 'react';
import { editPhone, formatNational, type PhoneValue, phoneCountries } from '@/lib/phone';
import { Combobox } from '@/ui/combobox';
import { FieldMessages } from '@/ui/field-messages';

export interface PhoneInputProps {
  /** The visible label of the number, e.g. 'Phone Number' or 'Business Phone'. */
  label: string;
  value: PhoneValue;
  onChange: (next: PhoneValue) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** Lifts the 15-digit cap (E.164's maximum, prefix included), e.g. for numbers with extensions. */
  allowLongNumbers?: boolean;
  id?: string;
  name?: string;
}

const searchPhoneCountries = (query: string): readonly Country[] => {
  const text = query.trim().toLowerCase();
  if (!text) return phoneCountries;
  const digits = text.replace(/^\+/, '');
  // A seller may look for a country by name, by code ("NG") or by its prefix ("234", "+234").
  return phoneCountries.filter(
    (country) =>
      country.name.toLowerCase().includes(text) ||
      country.iso2.toLowerCase() === text ||
      (/^\d+$/.test(digits) && country.prefix.slice(1).startsWith(digits)),
  );
};
const countryKey = (country: Country) => country.iso2;
const countryName = (country: Country) => country.name;
const countryBadge = (country: Country) => `${country.iso2} ${country.prefix}`;
const countryPrefix = (country: Country) => (
  <span className="tabular-nums">
    <span className="mr-2 rounded bg-canvas px-1 py-0.5 font-semibold text-ink-muted text-xs">
      {country.iso2}
    </span>
    {country.prefix}
  </span>
);

/**
 * A phone number with its country (SPEC §2 "Phone input"): Nigeria by default, a searchable list of
 * countries showing each one's code and dialling prefix, and at most 15 digits unless long numbers
 * are allowed. The value stays as typed; lib/phone turns it into E.164 and explains what is wrong.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  allowLongNumbers = false,
  id,
  name,
}: PhoneInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const country = findCountryByIso2(value.country) ?? null;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="font-medium text-ink text-sm">
        {label}
      </label>
      <div className="flex gap-2">
        <Combobox
          id={`${inputId}-country`}
          ariaLabel={`${label} country`}
          className="w-36 shrink-0"
          listClassName="w-80 max-w-[calc(100vw-2rem)]"
          search={searchPhoneCountries}
          itemKey={countryKey}
          itemLabel={countryName}
          itemDetail={countryPrefix}
          displayValue={countryBadge}
          value={country}
          onChange={(next) => {
            if (next) onChange({ ...value, country: next.iso2 });
          }}
          onBlur={onBlur}
          noMatchText={(query) => `No country matches "${query}"`}
        />
        <input
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={country?.iso2 === 'NG' ? '0801 234 5678' : undefined}
          value={value.number}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(editPhone(value, event.target.value, allowLongNumbers))}
          onBlur={() => {
            // Once complete, show the number the way its country writes it.
            const formatted = formatNational(value);
            if (formatted && formatted !== value.number) onChange({ ...value, number: formatted });
            onBlur?.();
          }}
          className={clsx(
            'min-h-11 w-full min-w-0 flex-1 rounded-control border bg-surface px-3 text-base text-ink tabular-nums placeholder:text-ink-subtle',
            error ? 'border-danger-600' : 'border-line-strong',
          )}
        />
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
