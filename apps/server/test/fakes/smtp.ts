/**
 * A local SMTP server for tests (smtp-server + mailparser): it takes mail with or without AUTH PLAIN/LOGIN
 * (when `auth` is given, only that user and password are accepted) over plain SMTP (STARTTLS is not offered,
 * so the console's `none` security works against it), and keeps every mail parsed.
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestServer } from '../helpers.ts';

export interface ReceivedMail {
  from: string;
  /** Lower-cased envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The From header as written, e.g. `"Cool" <no-reply@example.com>`. */
  fromHeader: string;
}

export interface FakeSmtp {
  port: number;
  mails: ReceivedMail[];
  /** Every AUTH tried, as sent. */
  logins: Array<{ username: string; password: string }>;
  /** Resolves with the first mail (already received or still to come) to the address. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(
  options: { auth?: { username: string; password: string }; port?: number } = {},
): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const logins: FakeSmtp['logins'] = [];
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const { auth } = options;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    onAuth(session, _info, callback) {
      logins.push({ username: session.username ?? '', password: session.password ?? '' });
      if (auth && session.username === auth.username && session.password === auth.password) {
        callback(null, { user: session.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const fromHeader = (parsed.from as AddressObject | undefined)?.text ?? '';
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            fromHeader,
          };
          mails.push(mail);
          for (const waiter of [...waiting]) {
            if (mail.to.includes(waiter.to)) {
              waiting.splice(waiting.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    logins,
    waitForMail(to, timeoutMs = 5000) {
      const wanted = to.toLowerCase();
      const found = mails.find((mail) => mail.to.includes(wanted));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          to: wanted,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that takes each connection and never greets, saved as the SMTP server (`PUT
 * /api/settings/mail` with `token`): a mail to it hangs until `hangUp`. `close` hangs up, stops it and puts
 * mail back in the outbox.
 */
export async function startHangingSmtp(server: TestServer, token: string) {
  const sockets = new Set<Socket>();
  let connected: () => void = () => {};
  const firstConnection = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const silent = createServer((socket) => {
    sockets.add(socket);
    connected();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const mail = (host: string) =>
    server.call(token, {
      method: 'PUT',
      url: '/api/settings/mail',
      payload: {
        host,
        port,
        secure: 'none',
        username: 'mailer',
        password: host ? 'mail-Secret-1' : null,
        from: { address: 'no-reply@cool.example', name: 'Cool Evaluation' },
      },
    });
  const saved = await mail('127.0.0.1');
  if (saved.status !== 200) throw new Error(`mail settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  const hangUp = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    /** Connections open now (each a mail on its way). */
    connections: () => sockets.size,
    /** Settles when the first mail reaches the server. */
    firstConnection,
    hangUp,
    async close() {
      hangUp();
      silent.close();
      await mail('');
    },
  };
}
