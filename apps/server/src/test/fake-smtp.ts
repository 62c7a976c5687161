import net from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type FakeSmtp = {
  url: string;
  received: ReceivedMail[];
  /**
   * `up`: speaks SMTP; `down`: not listening (connections refused); `stalled`: accepts connections
   * and never says a word (a server or firewall that swallows them).
   */
  setMode: (mode: 'up' | 'down' | 'stalled') => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A tiny SMTP server (RFC 5321's plain subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no
 * TLS, no AUTH) on a fixed port, that can be taken down and brought back on the same address.
 */
export async function startFakeSmtp(port: number): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'down' | 'stalled' = 'down';
  let server: net.Server | null = null;

  const speak = (socket: net.Socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          say('250 2.0.0 queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-fake-smtp');
          say('250 8BITMIME');
        } else if (verb === 'HELO') say('250 fake-smtp');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 end with .');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          say('250 ok');
        } else if (verb === 'NOOP') say('250 ok');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 5.5.2 command not recognized');
      }
    });
  };

  const close = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };

  const setMode = async (next: 'up' | 'down' | 'stalled') => {
    await close();
    mode = next;
    if (mode === 'down') return;
    const s = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      if (mode === 'up') speak(socket);
    });
    await new Promise<void>((r) => s.listen(port, '127.0.0.1', () => r()));
    server = s;
  };

  return { url: `smtp://127.0.0.1:${port}`, received, setMode, stop: close };
}
