import { SUPPORT_EMAIL } from '@kasuwa/contracts';
import { MessageCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ContactSupport } from '@/features/help/contact-support';
import { HelpAnswers } from '@/features/help/help-answers';
import { SupportTickets } from '@/features/help/support-tickets';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import { chatWidgetConfigured, openChatWidget } from '@/lib/chat-widget';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { FormSection } from '@/ui/form-parts';

export interface HelpPageProps {
  api?: ApiClient;
  /** Whether live chat is offered; by default when the build has a chat widget (VITE_CHAT_WIDGET_ID). */
  chatAvailable?: boolean;
}

/** Help & Support (issue 17): searchable answers, the contact form, the seller's tickets, live chat. */
export function HelpPage({ api = appApi, chatAvailable = chatWidgetConfigured() }: HelpPageProps) {
  const [search, setSearch] = useSearchParams();
  const query = search.get('q') ?? '';
  const onQueryChange = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set('q', value);
    else next.delete('q');
    setSearch(next, { replace: true });
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <HelpAnswers query={query} onQueryChange={onQueryChange} />
      </div>
      <div className="flex flex-col gap-4">
        {chatAvailable && (
          <FormSection title="Chat with us" description="Talk to a member of our support team now.">
            <Button
              variant="secondary"
              onClick={() => {
                if (!openChatWidget()) toast.info('Chat is starting', 'Try again in a moment.');
              }}
            >
              <MessageCircle className="size-4" aria-hidden />
              Start a chat
            </Button>
          </FormSection>
        )}
        <div id="contact-support" className="scroll-mt-20">
          <ContactSupport api={api} />
        </div>
        <SupportTickets api={api} />
        <p className="px-1 text-ink-muted text-sm">
          You can also e-mail{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </div>
    </div>
  );
}
