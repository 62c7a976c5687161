import type { ImageUploadResponse } from '@kasuwa/contracts';
import type { OnboardingContextValue } from '@/features/onboarding/onboarding-context';
import type { ImageSlot, PickedFile } from '@/features/onboarding/onboarding-draft';

/** SPEC section 7: field avatar as profile-image.jpg, field banner as banner-image.jpg, one form each. */
export function uploadProfileImage(
  upload: OnboardingContextValue['upload'],
  slot: ImageSlot,
  picked: PickedFile,
  onProgress: (fraction: number) => void,
): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append(slot, picked.file, slot === 'avatar' ? 'profile-image.jpg' : 'banner-image.jpg');
  return upload<ImageUploadResponse>(`/seller/profile/${slot}`, form, {
    onProgress: (loaded, total) => onProgress(total ? loaded / total : 0),
  });
}
