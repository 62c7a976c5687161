import { zodResolver } from '@hookform/resolvers/zod';
import {
  type RescheduleExpiredBody,
  rescheduleExpiredBody,
  STREAM_MESSAGES,
  type Stream,
} from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FUTURE_START_MESSAGE } from '@/features/live/live-draft';
import { liveKeys } from '@/features/live/live-queries';
import {
  deviceTimeZone,
  formatLagosTime,
  fromLocalInputValue,
  relativeTime,
  toLocalInputValue,
} from '@/features/live/show-time';
import { errorDescription, rescheduleExpiredStream } from '@/features/live/streams-api';
import { analytics } from '@/lib/analytics';
import type { ApiClient } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

// The contract's body, plus the client's check that the new time lies ahead.
const schema = rescheduleExpiredBody.superRefine((body, ctx) => {
  if (new Date(body.newScheduledStartTime).getTime() <= Date.now()) {
    ctx.addIssue({ code: 'custom', path: ['newScheduledStartTime'], message: FUTURE_START_MESSAGE });
  }
});

interface Values {
  streamId: string;
  newScheduledStartTime: string;
}

/** Gives an expired show a new start time (POST /streams/reschedule-expired). */
export function RescheduleDialog({
  stream,
  sellerId,
  api,
  open,
  onOpenChange,
}: {
  stream: Stream;
  sellerId: string;
  api: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const inputId = useId();
  const queryClient = useQueryClient();
  const [now] = useState(() => new Date());
  const form = useForm<Values, unknown, RescheduleExpiredBody>({
    resolver: zodResolver(schema),
    defaultValues: { streamId: stream._id, newScheduledStartTime: '' },
  });

  const reschedule = useMutation({
    mutationFn: (body: RescheduleExpiredBody) => rescheduleExpiredStream(api, body),
    onSuccess: (answer) => {
      toast.success(STREAM_MESSAGES.rescheduled);
      analytics().capture('stream_rescheduled', { streamId: answer.stream._id });
      void queryClient.invalidateQueries({ queryKey: liveKeys.sellerStreams(sellerId) });
      onOpenChange(false);
    },
    meta: {
      errorToast: STREAM_MESSAGES.rescheduleError,
      errorDetail: (error) => errorDescription(error, STREAM_MESSAGES.somethingWentWrong),
    },
    onError: (error) => {
      const issue = serverFieldErrors(error).newScheduledStartTime;
      if (issue) form.setError('newScheduledStartTime', { message: issue });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule show"
      description={`"${stream.title}" was not started in time. Choose a new start and share the link again.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={reschedule.isPending}>
            Reschedule
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.handleSubmit((body) => reschedule.mutate(body))}
        className="flex flex-col gap-1.5"
      >
        <Controller
          control={form.control}
          name="newScheduledStartTime"
          render={({ field, fieldState }) => (
            <>
              <label htmlFor={inputId} className="font-medium text-ink text-sm">
                New start date and time
              </label>
              <input
                id={inputId}
                type="datetime-local"
                value={toLocalInputValue(field.value || null)}
                min={toLocalInputValue(now)}
                onChange={(event) => field.onChange(fromLocalInputValue(event.target.value) ?? '')}
                onBlur={field.onBlur}
                aria-invalid={fieldState.error ? true : undefined}
                aria-describedby={[`${inputId}-hint`, fieldState.error ? `${inputId}-error` : null]
                  .filter(Boolean)
                  .join(' ')}
                className={clsx(
                  'min-h-11 w-full rounded-control border bg-surface px-3 text-base text-ink',
                  fieldState.error ? 'border-danger-600' : 'border-line-strong',
                )}
              />
              <p id={`${inputId}-hint`} className="text-ink-muted text-sm">
                In your phone's time zone ({deviceTimeZone()}).
                {field.value && !fieldState.error
                  ? ` Starts ${formatLagosTime(field.value)} (Lagos time), ${relativeTime(field.value)}.`
                  : ''}
              </p>
              {fieldState.error && (
                <p id={`${inputId}-error`} className="font-medium text-danger-600 text-sm">
                  {fieldState.error.message === 'Enter a valid date and time' && !field.value
                    ? 'Choose a new date and time'
                    : fieldState.error.message}
                </p>
              )}
            </>
          )}
        />
      </form>
    </Dialog>
  );
}
