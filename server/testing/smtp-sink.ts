import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; html: string; messageId: string };

/**
 * A real SMTP server for tests (smtp-server), keeping every message it accepts parsed with mailparser. An outage is
 * played either by refusing every connection while still listening (`down`/`up`: the port stays ours, so nothing
 * else can take it meanwhile) or by stopping and starting it again on the same port (`stop`/`restart`).
 */
export async function startSmtpSink(port = 0): Promise<{
  port: number;
  url: string;
  received: ReceivedMail[];
  to(address: string): ReceivedMail[];
  stop(): Promise<void>;
  restart(): Promise<void>;
  down(): void;
  up(): void;
  /** Makes the server take `ms` to accept each message (a slow SMTP server); 0 again for a prompt one. */
  slow(ms: number): void;
}> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let delayMs = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        if (refusing) callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
        else callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail: ParsedMail) => {
            if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', messageId: mail.messageId ?? '' });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  let server = make();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
    });
  const actual = await listen(port);
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    to: (address) => received.filter((m) => m.to.toLowerCase().includes(address.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = make();
      await listen(actual);
    },
    down() {
      refusing = true;
    },
    up() {
      refusing = false;
    },
    slow(ms) {
      delayMs = ms;
    },
  };
}
