// The sockets of bench/messages-fanout.bench.ts, in a process of their own: every seller and buyer of
// the benchmark's conversations, each connected with its own token. The parent asks this process to
// send messages (so the send time and each receipt are read from the same clock), and it records
// how long each `conversation_message` took to reach every socket that should have it, and any
// socket that got a message of a conversation it is not a party to.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type ConversationMessageEvent,
  conversationSocketEvents,
  SOCKET_CLIENT_OPTIONS,
} from '@kasuwa/contracts';
import { io, type Socket } from 'socket.io-client';
import { percentile, serveLoad } from './live-auction';

type Party = { key: string; token: string; conversations: string[] };
type Client = { socket: Socket; mine: Set<string> };

const clients: Client[] = [];
const sentAt = new Map<string, number>();
let latencies: number[] = [];
let received = 0;
let misdelivered = 0;
let failedSends = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function onMessage(client: Client, event: ConversationMessageEvent) {
  const id = event.message.clientId ?? '';
  if (!client.mine.has(event.message.conversationId)) misdelivered += 1;
  const t = sentAt.get(id);
  if (t === undefined) return;
  received += 1;
  latencies.push(performance.now() - t);
}

async function connectOne(url: string, party: Party): Promise<void> {
  const socket = io(url, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: party.token },
  });
  const client: Client = { socket, mine: new Set(party.conversations) };
  socket.on(conversationSocketEvents.message, (e: ConversationMessageEvent) => onMessage(client, e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  clients.push(client);
}

serveLoad(async (command) => {
  switch (command.type) {
    case 'connect': {
      const { url, parties, batch } = command as { url: string; parties: Party[]; batch: number };
      for (let i = 0; i < parties.length; i += batch)
        await Promise.all(parties.slice(i, i + batch).map((p) => connectOne(url, p)));
      loopDelay.enable();
      return { connected: clients.length };
    }
    case 'reset':
      sentAt.clear();
      latencies = [];
      received = 0;
      misdelivered = 0;
      failedSends = 0;
      return {};
    case 'send': {
      // mode 'app': POST the message as the buyer; mode 'bare': ask the bare server to emit it.
      const { mode, url, token, conversationId, clientId } = command as {
        mode: 'app' | 'bare';
        url: string;
        token: string;
        conversationId: string;
        clientId: string;
      };
      sentAt.set(clientId, performance.now());
      if (mode === 'bare') {
        clients[0]?.socket.emit('bench_send', { conversationId, clientId });
        return {};
      }
      const res = await fetch(`${url}/api/buyer/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'text', body: `Is it still available? (${clientId})`, clientId }),
      });
      const answer = await res.text();
      if (res.status !== 201) {
        failedSends += 1;
        if (failedSends === 1) process.stderr.write(`send refused: ${res.status} ${answer}\n`);
      }
      return {};
    }
    case 'report': {
      const sorted = Float64Array.from(latencies).sort();
      return {
        received,
        misdelivered,
        failedSends,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.length ? (sorted[sorted.length - 1] ?? 0) : 0,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      };
    }
    case 'close':
      for (const c of clients) c.socket.close();
      clients.length = 0;
      return {};
    default:
      throw new Error(`unknown command ${String(command.type)}`);
  }
});
