import type { QuickReply } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { inboxKeys, type MessagesApi } from '@/features/conversations/messages-api';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Spinner } from '@/ui/spinner';

/**
 * The seller's saved answers: one tap puts a reply into the message box; the same sheet adds,
 * changes and deletes them.
 */
export function QuickReplyPicker({
  api,
  open,
  onOpenChange,
  onPick,
}: {
  api: MessagesApi;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (text: string) => void;
}) {
  const client = useQueryClient();
  const replies = useQuery({
    queryKey: inboxKeys.quickReplies,
    queryFn: ({ signal }) => api.quickReplies.list(signal),
    enabled: open,
  });
  const [editing, setEditing] = useState<QuickReply | 'new' | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: inboxKeys.quickReplies });
  const save = useMutation({
    mutationFn: () =>
      editing && editing !== 'new'
        ? api.quickReplies.update(editing._id, { title, body })
        : api.quickReplies.create({ title, body }),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
    onError: (error) => toast.error('Could not save the quick reply', apiErrorDetail(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.quickReplies.remove(id),
    onSuccess: refresh,
    onError: (error) => toast.error('Could not delete the quick reply', apiErrorDetail(error)),
  });
  const startEdit = (reply: QuickReply | 'new') => {
    setEditing(reply);
    setTitle(reply === 'new' ? '' : reply.title);
    setBody(reply === 'new' ? '' : reply.body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Quick replies" focusFirstField={false}>
      {editing ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Input
            label="Name"
            value={title}
            maxLength={40}
            onChange={(e) => setTitle(e.target.value)}
            required
          />
          <label className="flex flex-col gap-1 font-medium text-ink text-sm">
            Reply
            <textarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={4}
              maxLength={2000}
              required
              className="rounded-control border border-line-strong bg-surface px-3 py-2 font-normal text-base"
            />
          </label>
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              Save reply
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          {replies.isPending ? (
            <Spinner label="Loading quick replies" />
          ) : replies.isError ? (
            <p className="text-danger-600 text-sm">Could not load your quick replies.</p>
          ) : replies.data.quickReplies.length === 0 ? (
            <p className="text-ink-muted text-sm">
              Save answers you send often — delivery times, how to pay on Kasuwa — and insert them with one
              tap.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {replies.data.quickReplies.map((reply) => (
                <li key={reply._id} className="flex items-start gap-1 py-1">
                  <button
                    type="button"
                    className="flex min-h-11 flex-1 flex-col items-start rounded-control px-2 py-1.5 text-left hover:bg-canvas"
                    onClick={() => {
                      onPick(reply.body);
                      onOpenChange(false);
                    }}
                  >
                    <span className="font-medium text-ink text-sm">{reply.title}</span>
                    <span className="line-clamp-2 text-ink-muted text-xs">{reply.body}</span>
                  </button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${reply.title}`}
                    onClick={() => startEdit(reply)}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${reply.title}`}
                    onClick={() => remove.mutate(reply._id)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Button variant="secondary" onClick={() => startEdit('new')}>
            New quick reply
          </Button>
        </div>
      )}
    </Dialog>
  );
}
