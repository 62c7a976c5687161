import { streamSocketEvents } from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chioma, liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { nextFrame } from '@/test/fake-live-socket';
import { STREAM_ID } from '@/test/live-fixtures';

/* The studio's chat: what the seller sends, what is refused, and what arrives. */

describe('Studio: chat', () => {
  it('sends trimmed comments and announcements only when there is text, and lists what arrives', async () => {
    const user = userEvent.setup();
    const { socket, connect } = renderStudio({ stream: liveStream() });
    connect();
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    const box = screen.getByRole('textbox', { name: 'Comment' });
    const send = screen.getByRole('button', { name: 'Send' });

    await user.type(box, '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.type(box, '{Enter}');
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([]);

    await user.clear(box);
    await user.type(box, '  Free delivery in Lagos today  {Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([
      { streamId: STREAM_ID, content: 'Free delivery in Lagos today' },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Announcement' }));
    await user.type(screen.getByRole('textbox', { name: 'Announcement' }), 'Last call on the gele{Enter}');
    expect(socket.eventsNamed(streamSocketEvents.announcement)).toEqual([
      { streamId: STREAM_ID, content: 'Last call on the gele' },
    ]);

    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: Date.now(),
        content: 'Do you deliver to Abuja?',
        data: { streamId: STREAM_ID, comment: { _id: 'c1', author: { ...chioma, role: 'buyer' } } },
      }),
    );
    await nextFrame();
    const comments = screen.getByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('Do you deliver to Abuja?')).toBeVisible();
    expect(within(comments).getByText('Chioma')).toBeVisible();
  });

  it("keeps the text and shows the server's reason when a message is refused", async () => {
    const user = userEvent.setup();
    const { socket, connect } = renderStudio({ stream: liveStream() });
    socket.answerAcks = () => ({
      ok: false,
      message: 'You are sending messages too fast. Wait a few seconds.',
    });
    connect();
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('You are sending messages too fast'),
    );
    expect(box).toHaveProperty('value', 'Hello');
  });

  it('sends nothing before the socket exists', async () => {
    const user = userEvent.setup();
    const { socket } = renderStudio({ stream: liveStream() });
    // No handshake yet: the box says it is connecting and sends nothing.
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Hello{Enter}');
    expect(screen.getByText('Connecting to the live chat…')).toBeVisible();
    expect(socket.eventsNamed(streamSocketEvents.comment)).toEqual([]);
  });
});
