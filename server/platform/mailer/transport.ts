import nodemailer from 'nodemailer';

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string; messageId: string };

/** Where mail goes: an SMTP server, or the built-in mailbox (the outbox row itself, read in the admin's Mail tab). */
export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS). Otherwise the
 * mailbox: nodemailer still builds the full MIME message (so a mail that could not be sent fails here too), and the
 * stored row is what the admin reads.
 */
export function createMailTransport(smtpUrl?: string): MailTransport {
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await smtp.sendMail({ ...mail, headers: { 'X-Go-Live-Outbox': mail.messageId } });
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(mail) {
      await builder.sendMail(mail);
    },
    close: () => builder.close(),
  };
}
