import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsRepository } from '../accounts.repository';
import type { Mailer } from './mail.port';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * The embedded mailer: keeps every mail in the database for `/dev/mailbox` instead of sending it. The log names the
 * recipient, the subject and the mail's links (verification, reset), so someone running the embedded default can
 * still follow them where the mailbox page is out of reach (it answers this machine only); the rest of the body
 * stays out of the log.
 */
export function createOutboxMailer(deps: {
  repository: AccountsRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
  mailboxUrl: string;
}): Mailer {
  return {
    driver: 'outbox',
    async send(message) {
      const id = await deps.repository.insertOutboxMail({ ...message, createdAt: new Date(deps.clock.now()) });
      const links = [...new Set(message.text.match(URL_PATTERN) ?? [])];
      deps.logger.info(
        { mail: { id, kind: message.kind, to: message.to, subject: message.subject }, links },
        `mail kept in the outbox; read it at ${deps.mailboxUrl}`,
      );
    },
    async close() {},
  };
}
