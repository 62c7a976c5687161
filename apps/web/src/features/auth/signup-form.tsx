import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_POLICY_TEXT, type RegisterBody, registerBody } from '@kasuwa/contracts';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { failureMessage, fieldIssues } from '@/features/auth/messages';
import { isApiError } from '@/lib/api-client';
import { emptyPhone, type PhoneValue, phoneProblem, toE164 } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { PhoneInput } from '@/ui/phone-input';

/**
 * The contract's register body, with the phone held as country + number while the seller types
 * (the phone input turns it into E.164 on submit) and an empty referral code allowed.
 */
const signupSchema = registerBody.omit({ phoneNumber: true, referralCode: true }).extend({
  phone: z.custom<PhoneValue>().superRefine((phone, ctx) => {
    const problem = phoneProblem(phone);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  referralCode: z.literal('').or(registerBody.shape.referralCode.unwrap()),
});

type SignupValues = z.input<typeof signupSchema>;
type SignupOutput = z.output<typeof signupSchema>;

/** Which form field shows a problem the server reports for a request field. */
const fieldOf: Record<string, FieldPath<SignupValues>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  password: 'password',
  phoneNumber: 'phone',
  storeName: 'storeName',
  referralCode: 'referralCode',
};

/** A 409 names no field, but its message says which one is taken. */
function conflictField(error: unknown): FieldPath<SignupValues> | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const text = error.message.toLowerCase();
  if (text.includes('store name')) return 'storeName';
  if (text.includes('email')) return 'email';
  return null;
}

export function toRegisterBody(values: SignupOutput): RegisterBody {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    // The schema has already refused a number without an E.164 form.
    phoneNumber: toE164(values.phone) ?? '',
    storeName: values.storeName,
    ...(values.referralCode ? { referralCode: values.referralCode } : {}),
  };
}

export function SignupForm() {
  const { signUp } = useAuthContext();
  const navigate = useNavigate();
  const [referralOpen, setReferralOpen] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues, unknown, SignupOutput>({
    resolver: zodResolver(signupSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: emptyPhone,
      storeName: '',
      referralCode: '',
    },
  });

  const onValid = async (values: SignupOutput) => {
    try {
      const answer = await signUp(toRegisterBody(values));
      toast.success(answer.message);
      await navigate(paths.verifyEmail);
    } catch (error) {
      toast.error(failureMessage(error));
      const marked: FieldPath<SignupValues>[] = [];
      for (const [path, message] of Object.entries(fieldIssues(error))) {
        const field = fieldOf[path];
        if (field) {
          setError(field, { type: 'server', message });
          marked.push(field);
        }
      }
      const conflict = conflictField(error);
      if (conflict) {
        setError(conflict, { type: 'server', message: failureMessage(error) });
        marked.push(conflict);
      }
      if (marked.includes('referralCode')) setReferralOpen(true);
      const first = marked[0];
      if (first && first !== 'phone') setFocus(first);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, (found) => {
        if (found.referralCode) setReferralOpen(true);
      })}
      className="mt-6 flex flex-col gap-5"
    >
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Input
          label="First Name"
          autoComplete="given-name"
          autoCapitalize="words"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Input
          label="Last Name"
          autoComplete="family-name"
          autoCapitalize="words"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Input
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="We will send a 6-digit code here to verify it."
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_POLICY_TEXT}
        error={errors.password?.message}
        {...register('password')}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <PhoneInput
            label="Phone Number"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            hint="Buyers and our support team reach you on this number."
            error={errors.phone?.message}
          />
        )}
      />
      <Input
        label="Store Name"
        autoComplete="organization"
        hint="The name buyers see on your shop and your live shows."
        error={errors.storeName?.message}
        {...register('storeName')}
      />
      <details
        open={referralOpen}
        onToggle={(event) => setReferralOpen(event.currentTarget.open)}
        className="group rounded-control border border-line"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 font-medium text-ink text-sm [&::-webkit-details-marker]:hidden">
          Have a referral code? (optional)
          <ChevronDown
            className="size-5 text-ink-muted transition-transform group-open:rotate-180"
            aria-hidden
          />
        </summary>
        <div className="px-3 pb-4">
          <Input
            label="Referral code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            hint="From the seller who invited you."
            error={errors.referralCode?.message}
            {...register('referralCode')}
          />
        </div>
      </details>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
