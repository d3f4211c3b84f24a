/** What kind of mail this is (for the outbox listing and logs). */
export type MailKind = 'verify-email' | 'password-reset' | 'login-locked' | 'registration-attempt' | 'renewal-due';

/** One outgoing mail: always both an HTML and a plain-text body. */
export interface MailMessage {
  readonly kind: MailKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The mail port: the embedded outbox by default, SMTP when `SMTP_URL` is set. */
export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
