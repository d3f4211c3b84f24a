import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsRepository } from '../accounts.repository';
import type { Mailer } from './mail.port';

/**
 * The embedded mailer: keeps every mail in the database for `/dev/mailbox` instead of sending it. The log names
 * the recipient and subject only; the body holds single-use tokens and stays out of the log.
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
      deps.logger.info(
        { mail: { id, kind: message.kind, to: message.to, subject: message.subject } },
        `mail kept in the outbox; read it at ${deps.mailboxUrl}`,
      );
    },
    async close() {},
  };
}
