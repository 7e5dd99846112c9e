/**
 * A local SMTP server for tests (smtp-server + mailparser): it takes mail with or without AUTH PLAIN/LOGIN
 * (when `auth` is given, only that user and password are accepted) over plain SMTP (STARTTLS is not offered,
 * so the console's `none` security works against it), and keeps every mail parsed.
 */
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

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
  /** Resolves with the first mail (already received or still to come) to the address. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(
  options: { auth?: { username: string; password: string }; port?: number } = {},
): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
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
