import type { StartConversationBody } from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { messagesApi } from '@/features/conversations/messages-api';
import type { ApiClient } from '@/lib/api-client';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

/** "Message buyer" on an order or a customer: opens (or finds) the conversation with that buyer. */
export function MessageBuyerButton({ api, about }: { api: ApiClient; about: StartConversationBody }) {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => messagesApi(api, 'seller').startAsSeller(about),
    onSuccess: ({ conversation }) => navigate(paths.dashboard.conversation(conversation._id)),
    onError: (error) => toast.error('Could not open the conversation', apiErrorDetail(error)),
  });
  return (
    <Button variant="secondary" size="sm" disabled={start.isPending} onClick={() => start.mutate()}>
      <MessageCircle className="size-4" aria-hidden /> Message buyer
    </Button>
  );
}
