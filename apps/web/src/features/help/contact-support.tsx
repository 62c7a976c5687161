import {
  type CreateSupportTicketBody,
  createSupportTicketBody,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type SupportTopic,
} from '@kasuwa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { openTicket, supportKeys } from '@/features/help/help-api';
import type { ApiClient } from '@/lib/api-client';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { FormSection, SelectBox, TextAreaField } from '@/ui/form-parts';
import { Input } from '@/ui/input';

type Draft = { topic: SupportTopic | ''; subject: string; orderNumber: string; message: string };
const EMPTY: Draft = { topic: '', subject: '', orderNumber: '', message: '' };
type Errors = Partial<Record<keyof Draft, string>>;

/** The contact form: a ticket stored and e-mailed to support, a copy e-mailed to the seller. */
export function ContactSupport({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = useMutation({
    mutationFn: (body: CreateSupportTicketBody) => openTicket(api, body),
    meta: { errorToast: 'Failed to send your question' },
    onSuccess: async (answer) => {
      toast.success('Question sent', answer.message);
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: supportKeys.tickets() });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fieldErrors: Errors = {};
      for (const issue of error.issues) {
        const field = issue.path.split('.')[0] as keyof Draft;
        if (field in EMPTY && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
    },
  });

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSupportTicketBody.safeParse({
      topic: draft.topic || undefined,
      subject: draft.subject,
      message: draft.message,
      ...(draft.orderNumber.trim() ? { orderNumber: draft.orderNumber } : {}),
    });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Draft;
        if (!fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };

  return (
    <FormSection
      title="Contact support"
      description="We reply by e-mail, usually within one working day (Monday to Saturday, 8am to 8pm)."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <SelectBox
          label="Topic"
          value={draft.topic}
          onChange={(e) => set('topic')(e.target.value)}
          error={errors.topic}
        >
          <option value="" disabled>
            Choose a topic
          </option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {SUPPORT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </SelectBox>
        <Input
          label="Subject"
          value={draft.subject}
          onChange={(e) => set('subject')(e.target.value)}
          error={errors.subject}
          maxLength={120}
          autoComplete="off"
        />
        <Input
          label="Order number (optional)"
          hint="If it is about an order, e.g. KSW-100234"
          value={draft.orderNumber}
          onChange={(e) => set('orderNumber')(e.target.value)}
          error={errors.orderNumber}
          autoComplete="off"
        />
        <TextAreaField
          label="Message"
          hint="What happened, and what you expected"
          value={draft.message}
          onChange={(e) => set('message')(e.target.value)}
          error={errors.message}
          maxLength={SUPPORT_MESSAGE_MAX}
          rows={5}
        />
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send to support'}
        </Button>
      </form>
    </FormSection>
  );
}
