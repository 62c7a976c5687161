import { Controller } from 'react-hook-form';
import { MediaField } from '@/features/live/media-field';
import type { UploadFn } from '@/features/live/streams-api';
import type { LiveDraftForm } from '@/features/live/use-live-show-wizard';
import { FormSection } from '@/ui/form-parts';

export type MediaSlot = 'coverPhoto' | 'video';

/** Step 2: the cover photo and the preview video, each uploading as soon as it is picked. */
export function MediaStep({
  form,
  upload,
  onBusyChange,
}: {
  form: LiveDraftForm;
  upload: UploadFn | undefined;
  /** Whether a slot is uploading, so Next waits for it. */
  onBusyChange: (slot: MediaSlot, busy: boolean) => void;
}) {
  return (
    <FormSection
      title="Media"
      description="A bright cover photo and a short preview video help buyers decide to join."
    >
      <Controller
        control={form.control}
        name="coverPhoto"
        render={({ field, fieldState }) => (
          <MediaField
            field="coverImage"
            label="Cover photo"
            hint="Recommended. Shown on your show's page and share link; a wide photo (16:9) looks best."
            value={field.value}
            onChange={field.onChange}
            onBusyChange={(value) => onBusyChange('coverPhoto', value)}
            error={fieldState.error?.message}
            upload={upload}
          />
        )}
      />
      <Controller
        control={form.control}
        name="video"
        render={({ field, fieldState }) => (
          <MediaField
            field="video"
            label="Preview video"
            hint="Optional. A short clip (MP4, WebM or MOV) buyers can watch before the show."
            value={field.value}
            onChange={field.onChange}
            onBusyChange={(value) => onBusyChange('video', value)}
            error={fieldState.error?.message}
            upload={upload}
          />
        )}
      />
    </FormSection>
  );
}
