import { BANNER_RECOMMENDED_SIZE, IMAGE_MAX_BYTES, PRODUCT_NAME } from '@kasuwa/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Checkbox, FilePicker, isImage } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { uploadProfileImage } from '@/features/onboarding/profile-image-upload';
import { StepFrame } from '@/features/onboarding/step-frame';
import { showSubmitError } from '@/features/onboarding/submit-error';
import {
  checkProfile,
  errorTitles,
  IMAGES_FALLBACK_MESSAGE,
  notices,
} from '@/features/onboarding/validation';
import { toast } from '@/lib/toast';

const { width, height } = BANNER_RECOMMENDED_SIZE;

/** The store's banner and profile image, and the three agreements; then the application is complete. */
export function CreateProfileStep() {
  const { draft, update, files, setFile, upload, completeStep, toasts } = useOnboardingContext();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<{ avatar: number; banner: number } | null>(null);
  // After a Next that found an image missing, the missing one says so under its field too.
  const [tried, setTried] = useState(false);
  const agreements = draft.profile;
  const setAgreement = (key: keyof typeof agreements, on: boolean) =>
    update('profile', { ...agreements, [key]: on });

  const next = async () => {
    const problem = checkProfile(files, agreements);
    setTried(true);
    if (problem) {
      toasts.complain(problem);
      return;
    }
    const { avatar, banner } = files;
    if (!avatar || !banner) return;
    setProgress({ avatar: 0, banner: 0 });
    try {
      // SPEC section 7: two separate forms, sent in parallel.
      const answers = await Promise.all([
        uploadProfileImage(upload, 'avatar', avatar, (p) => setProgress((c) => c && { ...c, avatar: p })),
        uploadProfileImage(upload, 'banner', banner, (p) => setProgress((c) => c && { ...c, banner: p })),
      ]);
      // The later answer carries the final step (account-approval once both images are in).
      const final = answers.find((a) => a.onboardingProcess === 'account-approval') ?? answers[1];
      completeStep(final);
      toast.success(notices.imagesUploaded.title, notices.imagesUploaded.description);
      await navigate(paths.onboarding.accountApproval);
    } catch (error) {
      showSubmitError(toasts, errorTitles.images, error, IMAGES_FALLBACK_MESSAGE);
    } finally {
      setProgress(null);
    }
  };

  return (
    <StepFrame
      step="create-profile"
      problem={checkProfile(files, agreements)}
      title="Create Profile"
      description="Your banner and profile image are the first things buyers see on your store."
      onNext={next}
      busy={progress !== null}
      busyLabel="Uploading..."
    >
      <div className="relative mb-8">
        <div className="aspect-[4/1] w-full overflow-hidden rounded-card bg-gradient-to-r from-brand-100 to-brand-200">
          {files.banner?.previewUrl && (
            <img src={files.banner.previewUrl} alt="" className="size-full object-cover" />
          )}
        </div>
        <div className="absolute -bottom-8 left-4 size-20 overflow-hidden rounded-full border-4 border-surface bg-brand-50">
          {files.avatar?.previewUrl && (
            <img src={files.avatar.previewUrl} alt="" className="size-full object-cover" />
          )}
        </div>
      </div>
      <FilePicker
        label="Banner Image"
        hint={`Recommended size ${width}x${height} pixels. Any image type, up to 10 MB.`}
        accept="image/*"
        prefix="banner"
        value={files.banner}
        allowed={isImage}
        maxBytes={IMAGE_MAX_BYTES}
        progress={progress?.banner ?? null}
        required
        error={tried && !files.banner ? 'Choose a banner image' : undefined}
        onPick={(file) => {
          setFile('banner', file);
          if (file) toasts.dismiss('file:banner');
        }}
        onProblem={() =>
          toasts.error(
            'file:banner',
            'Error processing banner image',
            'Choose an image file of at most 10 MB',
          )
        }
      />
      <FilePicker
        label="Profile Image"
        hint="A square logo or photo works best. Any image type, up to 10 MB."
        accept="image/*"
        prefix="avatar"
        value={files.avatar}
        allowed={isImage}
        maxBytes={IMAGE_MAX_BYTES}
        progress={progress?.avatar ?? null}
        required
        error={tried && !files.avatar ? 'Choose a profile image' : undefined}
        onPick={(file) => {
          setFile('avatar', file);
          if (file) toasts.dismiss('file:avatar');
        }}
        onProblem={() =>
          toasts.error(
            'file:avatar',
            'Error processing profile image',
            'Choose an image file of at most 10 MB',
          )
        }
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold text-ink">Agreements</legend>
        <Checkbox checked={agreements.terms} onChange={(on) => setAgreement('terms', on)}>
          I agree to the {PRODUCT_NAME} <DocumentLink to={paths.legal.terms}>Terms of Service</DocumentLink>
        </Checkbox>
        <Checkbox checked={agreements.privacy} onChange={(on) => setAgreement('privacy', on)}>
          I have read the {PRODUCT_NAME} <DocumentLink to={paths.legal.privacy}>Privacy Policy</DocumentLink>
        </Checkbox>
        <Checkbox checked={agreements.sellerAgreement} onChange={(on) => setAgreement('sellerAgreement', on)}>
          I accept the {PRODUCT_NAME}{' '}
          <DocumentLink to={paths.legal.sellerAgreement}>Seller Agreement</DocumentLink>
        </Checkbox>
      </fieldset>
    </StepFrame>
  );
}

/** A document named by an agreement, opened in a new tab so the images picked here are kept. */
function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}
