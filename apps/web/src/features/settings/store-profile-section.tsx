import {
  BANNER_RECOMMENDED_SIZE,
  IMAGE_MAX_BYTES,
  type ImageUploadResponse,
  STORE_DESCRIPTION_MAX,
  type StoreProfile,
  slugifyStoreName,
  storeProfileBody,
} from '@kasuwa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { paths } from '@/app/paths';
import { settingsKeys, useStoreProfileSave } from '@/features/settings/settings-api';
import type { ApiClient } from '@/lib/api-client';
import { sellerKeys } from '@/lib/seller-queries';
import { toast } from '@/lib/toast';
import { uploadForm } from '@/lib/upload';
import { useFormErrors } from '@/lib/use-form-errors';
import { Button } from '@/ui/button';
import { TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';
import { fixedSlot, MediaImage } from '@/ui/media-image';
import { ShareLinkBox } from '@/ui/share-link-box';

/** The public address a store link stands for; the store page itself arrives with the buyer site. */
export const storeLinkOf = (slug: string, origin = window.location.origin) => `${origin}/store/${slug}`;

/** One of the two store images, uploaded through onboarding's image pipeline (re-encoded as WebP). */
function ImagePicker({
  api,
  slot,
  url,
  label,
  hint,
}: {
  api: ApiClient;
  slot: 'avatar' | 'banner';
  url: string | null;
  label: string;
  hint: string;
}) {
  const id = useId();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Choose an image', 'JPEG, PNG or WebP photos work best.');
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      toast.error('This image is too large', 'Images can be up to 10 MB.');
      return;
    }
    const form = new FormData();
    form.append(slot, file, slot === 'avatar' ? 'profile-image.jpg' : 'banner-image.jpg');
    setProgress(0);
    try {
      await uploadForm<ImageUploadResponse>(`/seller/profile/${slot}`, form, {
        api,
        onProgress: (loaded, total) => setProgress(total ? loaded / total : 0),
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: settingsKeys.all }),
        client.invalidateQueries({ queryKey: sellerKeys.profiles() }),
      ]);
      toast.success(slot === 'avatar' ? 'Store photo updated' : 'Banner updated');
    } catch (error) {
      toast.error('Could not upload the image', error instanceof Error ? error.message : undefined);
    } finally {
      setProgress(null);
    }
  };

  const banner = slot === 'banner';
  return (
    <div className="flex flex-col gap-2">
      <span className="font-medium text-ink text-sm" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`overflow-hidden border border-line bg-canvas ${
          banner ? 'aspect-[4/1] w-full rounded-card' : 'size-24 rounded-full'
        }`}
      >
        {url ? (
          <MediaImage
            src={url}
            shownAt={banner ? { sizes: '(min-width: 768px) 640px, 100vw', width: 390 } : fixedSlot(96)}
            alt={banner ? 'Your store banner' : 'Your store photo'}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-ink-subtle">
            <ImagePlus className="size-6" aria-hidden />
          </div>
        )}
      </div>
      <p id={`${id}-hint`} className="text-ink-muted text-sm">
        {hint}
      </p>
      <label
        htmlFor={id}
        className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded-control border border-line-strong bg-surface px-4 font-semibold text-ink text-sm focus-within:outline focus-within:outline-3 focus-within:outline-brand-600"
      >
        {progress !== null
          ? `Uploading… ${Math.round(progress * 100)}%`
          : url
            ? `Change ${label.toLowerCase()}`
            : `Add ${label.toLowerCase()}`}
        <input
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby={`${id}-hint`}
          disabled={progress !== null}
          onChange={(e) => void pick(e)}
        />
      </label>
    </div>
  );
}

export function StoreProfileForm({ api, profile }: { api: ApiClient; profile: StoreProfile }) {
  const [storeName, setStoreName] = useState(profile.storeName);
  const [description, setDescription] = useState(profile.description);
  const [storeSlug, setStoreSlug] = useState(profile.storeSlug ?? profile.suggestedSlug);
  const [errors, setErrors] = useFormErrors<'storeName' | 'description' | 'storeSlug'>({
    storeName,
    description,
    storeSlug,
  });
  const save = useStoreProfileSave(api);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = storeProfileBody.safeParse({ storeName, description, storeSlug });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setStoreSlug(answer.store.storeSlug ?? storeSlug);
        toast.success(answer.message);
      },
    });
  };

  const savedSlug = profile.storeSlug;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-[auto_1fr]">
        <ImagePicker
          api={api}
          slot="avatar"
          url={profile.avatarUrl}
          label="Store photo"
          hint="Square, at least 400 × 400 px."
        />
        <ImagePicker
          api={api}
          slot="banner"
          url={profile.bannerUrl}
          label="Banner"
          hint={`Recommended ${BANNER_RECOMMENDED_SIZE.width} × ${BANNER_RECOMMENDED_SIZE.height} px.`}
        />
      </div>
      <form onSubmit={submit} noValidate aria-label="Store profile" className="flex flex-col gap-4">
        <Input
          label="Store name"
          value={storeName}
          maxLength={60}
          error={errors.storeName}
          onChange={(e) => setStoreName(e.target.value)}
        />
        <TextAreaField
          label="Store description"
          hint={`What you sell and why buyers should follow you. ${description.length}/${STORE_DESCRIPTION_MAX}`}
          value={description}
          maxLength={STORE_DESCRIPTION_MAX}
          error={errors.description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="flex flex-col gap-2">
          <Input
            label="Store link"
            hint={`Lowercase letters, numbers and hyphens. Your link: ${storeLinkOf(storeSlug || '…')}`}
            value={storeSlug}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            error={errors.storeSlug}
            onChange={(e) => setStoreSlug(e.target.value.toLowerCase())}
          />
          {!savedSlug &&
            storeSlug !== slugifyStoreName(storeName) &&
            slugifyStoreName(storeName).length >= 3 && (
              <button
                type="button"
                className="w-fit font-semibold text-brand-700 text-sm underline"
                onClick={() => setStoreSlug(slugifyStoreName(storeName))}
              >
                Use {slugifyStoreName(storeName)}
              </button>
            )}
        </div>
        <div>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save store profile'}
          </Button>
        </div>
      </form>
      {savedSlug && (
        <div className="flex flex-col gap-2">
          <ShareLinkBox
            url={storeLinkOf(savedSlug)}
            copyLabel="Copy your store link"
            share={{ title: profile.storeName, text: `Shop ${profile.storeName} on Kasuwa` }}
          />
          <a
            href={paths.store(savedSlug)}
            target="_blank"
            rel="noreferrer"
            className="w-fit font-semibold text-brand-700 text-sm underline"
          >
            View your store page
          </a>
        </div>
      )}
    </div>
  );
}
