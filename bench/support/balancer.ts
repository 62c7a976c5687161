// The load balancer of `npm run cluster` (bench/cluster.ts), in a process of its own: a few lines of
// node:http that hand each HTTP request, and each WebSocket upgrade, to the next API node in turn.
//
// socket.io and balancers: a socket.io client that starts with HTTP long-polling sends several
// requests per session, and every one must reach the node that holds the session (sticky sessions,
// e.g. a cookie or the client's address hashed). A client that opens the WebSocket at once
// (`transports: ['websocket']`, as the load test's viewers do) needs no stickiness: the upgrade is one
// request and the connection then stays on the node that took it. This balancer is not sticky, so
// only WebSocket-only clients work through it; see docs/operations.md "Scale-out, measured".
//
// Driven over IPC: {type: 'upstreams', urls} sets the nodes; {type: 'stats'} answers how many
// requests and upgrades went to each (and resets the counts).
import http from 'node:http';
import net from 'node:net';
import { serveLoad } from './live-auction';

let upstreams: URL[] = [];
let next = 0;
let counts = new Map<string, { requests: number; upgrades: number; failures: number }>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function pick(): URL {
  const u = upstreams[next++ % upstreams.length];
  if (!u) throw new Error('no upstream');
  return u;
}
function count(u: URL, key: 'requests' | 'upgrades' | 'failures') {
  const c = counts.get(u.host) ?? { requests: 0, upgrades: 0, failures: 0 };
  c[key] += 1;
  counts.set(u.host, c);
}

const server = http.createServer((req, res) => {
  const target = pick();
  count(target, 'requests');
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    count(target, 'failures');
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'The upstream node did not answer.' }));
  });
  req.pipe(upstream);
});

// A WebSocket: the upgrade request is written to the chosen node as it came, then bytes flow both
// ways untouched until either side closes.
server.on('upgrade', (req, socket, head) => {
  const target = pick();
  count(target, 'upgrades');
  const upstream = net.connect(Number(target.port), target.hostname, () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    lines.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.setNoDelay(true);
  (socket as net.Socket).setNoDelay(true);
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', () => {
    count(target, 'failures');
    close();
  });
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
});

serveLoad(async (command) => {
  switch (command.type) {
    case 'listen': {
      const port = Number(command.port ?? 0);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const a = server.address();
      return { port: typeof a === 'object' && a ? a.port : port };
    }
    case 'upstreams':
      upstreams = (command.urls as string[]).map((u) => new URL(u));
      next = 0;
      return null;
    case 'stats': {
      const out = Object.fromEntries(counts);
      counts = new Map();
      return out;
    }
    default:
      throw new Error(`unknown command ${String(command.type)}`);
  }
});
