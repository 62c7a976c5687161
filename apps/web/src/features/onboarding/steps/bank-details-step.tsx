import {
  accountNumberRuleText,
  findNigerianBank,
  NIGERIAN_BANKS,
  type NigerianBank,
  NUBAN_RULE_TEXT,
} from '@kasuwa/contracts';
import { type Country, listCountries, searchCountries } from '@kasuwa/reference-data';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { SelectField } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import type { BankDraft } from '@/features/onboarding/onboarding-draft';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { useStepSave } from '@/features/onboarding/use-step-save';
import { checkBank, errorTitles, isNigeria } from '@/features/onboarding/validation';
import { useServerFieldErrors } from '@/lib/field-errors';
import { Combobox } from '@/ui/combobox';
import { Input } from '@/ui/input';

const CURRENCIES = ['NGN', 'USD', 'GBP', 'EUR', 'GHS', 'KES', 'ZAR', 'XOF', 'CAD', 'CNY'].map((code) => ({
  value: code,
  label: code === 'NGN' ? 'NGN (Nigerian naira)' : code,
}));
const ACCOUNT_TYPES = ['Savings', 'Current', 'Domiciliary', 'Corporate'].map((t) => ({ value: t, label: t }));

const searchBanks = (query: string) => {
  const text = query.trim().toLowerCase();
  return text ? NIGERIAN_BANKS.filter((bank) => bank.name.toLowerCase().includes(text)) : NIGERIAN_BANKS;
};
const findCountry = (name: string) =>
  listCountries().find((c) => c.name.toLowerCase() === name.toLowerCase()) ?? null;

export function BankDetailsStep() {
  const { draft, update, completeStep, toasts } = useOnboardingContext();
  const save = useStepSave();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fieldErrors = useServerFieldErrors();
  const bank = draft.bank;
  // The draft names the fields as the payload does, so a field's path is its key.
  const set = (patch: Partial<BankDraft>) => {
    fieldErrors.clear(...Object.keys(patch));
    update('bank', { ...bank, ...patch });
  };
  const errorFor = (key: keyof BankDraft) => fieldErrors.errorFor(key);
  const nigerian = isNigeria(bank.bankCountry);
  const listedBank = nigerian ? findNigerianBank(bank.bankName) : undefined;

  const next = async () => {
    const problem = checkBank(bank);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(bank).map(([key, text]) => [key, text.trim()]));
      completeStep(await save('PUT', '/seller/profile/bank-details', body));
      await navigate(paths.onboarding.businessCategory);
    } catch (error) {
      showSubmitError(toasts, errorTitles.bank, error);
      fieldErrors.show(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step="business-bank-onboarding"
      problem={checkBank(bank)}
      title="Bank Details"
      description="Where we pay your earnings. The account name should match your business name."
      onNext={next}
      busy={busy}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Combobox<Country>
          id="bank-country"
          label="Bank Country"
          placeholder="Search countries"
          search={searchCountries}
          itemKey={(c) => c.slug}
          itemLabel={(c) => c.name}
          value={findCountry(bank.bankCountry)}
          error={errorFor('bankCountry')}
          onChange={(country) => {
            const name = country?.name ?? '';
            // A bank picked from the Nigerian list means nothing in another country.
            set({
              bankCountry: name,
              ...(isNigeria(name) !== nigerian ? { bankName: '', bankIdentifierCode: '' } : {}),
            });
          }}
        />
        {nigerian ? (
          <Combobox<NigerianBank>
            id="bank-name"
            label="Bank Name"
            placeholder="Search banks"
            search={searchBanks}
            itemKey={(b) => b.code}
            itemLabel={(b) => b.name}
            value={findNigerianBank(bank.bankName) ?? null}
            error={errorFor('bankName')}
            onChange={(picked) =>
              set({
                bankName: picked?.name ?? '',
                bankIdentifierCode: picked ? picked.code : bank.bankIdentifierCode,
              })
            }
          />
        ) : (
          <Input
            label="Bank Name"
            value={bank.bankName}
            error={errorFor('bankName')}
            onChange={(e) => set({ bankName: e.target.value })}
          />
        )}
        <SelectField
          label="Bank Account Type"
          value={bank.bankAccountType}
          error={errorFor('bankAccountType')}
          onChange={(bankAccountType) => set({ bankAccountType })}
          options={[{ value: '', label: 'Choose an account type' }, ...ACCOUNT_TYPES]}
        />
        <SelectField
          label="Account Currency"
          value={bank.accountCurrency}
          error={errorFor('accountCurrency')}
          onChange={(accountCurrency) => set({ accountCurrency })}
          options={CURRENCIES}
        />
        <Input
          label="Account No."
          inputMode={nigerian ? 'numeric' : 'text'}
          maxLength={nigerian ? 10 : 34}
          hint={
            nigerian
              ? listedBank
                ? accountNumberRuleText(listedBank)
                : NUBAN_RULE_TEXT
              : 'Your account number or IBAN, as your bank writes it'
          }
          value={bank.accountNumber}
          error={errorFor('accountNumber')}
          onChange={(e) =>
            set({ accountNumber: nigerian ? e.target.value.replace(/\D/g, '') : e.target.value })
          }
        />
        <Input
          label="Account Name"
          value={bank.accountName}
          error={errorFor('accountName')}
          onChange={(e) => set({ accountName: e.target.value })}
        />
        <Input
          label="Swift Code"
          hint="8 or 11 characters, e.g. GTBINGLA"
          value={bank.swiftCode}
          error={errorFor('swiftCode')}
          onChange={(e) => set({ swiftCode: e.target.value.toUpperCase() })}
        />
        <Input
          label="Bank Identifier Code"
          hint={
            nigerian
              ? "Your bank's code (its CBN code, for a bank); filled in when you pick the bank"
              : 'Sort code, routing number or bank code'
          }
          value={bank.bankIdentifierCode}
          error={errorFor('bankIdentifierCode')}
          onChange={(e) => set({ bankIdentifierCode: e.target.value })}
        />
      </div>
    </StepFrame>
  );
}
