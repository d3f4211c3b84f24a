import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountsRepository, OutboxRow } from '../accounts.repository';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LIST_LIMIT = 100;
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** One outbox mail as `/dev/mailbox.json` shows it. */
export interface MailboxEntry {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  /** Every link in the mail, in order. */
  links: string[];
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function toEntry(row: OutboxRow): MailboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    links: [...new Set(row.text.match(URL_PATTERN) ?? [])],
  };
}

/** The text body with its links made clickable; everything else escaped. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const STYLESHEET = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f3f4f6;color:#1f2937}
header{background:#0d6efd;color:#fff;padding:16px 24px}h1{margin:0;font-size:20px}
main{max-width:900px;margin:24px auto;padding:0 16px}article{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px;box-shadow:0 1px 2px #0002}
h2{margin:0 0 4px;font-size:17px}.meta{color:#6b7280;font-size:13px;margin:0 0 12px}pre{white-space:pre-wrap;word-break:break-word;margin:0;font:14px/1.5 ui-monospace,monospace}
a{color:#0d6efd}.empty{color:#6b7280}
@media (prefers-color-scheme:dark){body{background:#111827;color:#e5e7eb}article{background:#1f2937}a{color:#6ea8fe}}`;

function page(entries: readonly MailboxEntry[]): string {
  const items = entries.length
    ? entries
        .map(
          (e) =>
            `<article><h2>${escapeHtml(e.subject)}</h2><p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(IST.format(new Date(e.createdAt)))} IST · ${escapeHtml(e.kind)}</p><pre>${linkify(e.text)}</pre></article>`,
        )
        .join('')
    : '<p class="empty">No mail yet. Mail sent by FNO Desk (verification, password reset) appears here, newest first.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mailbox - FNO Desk</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body><header><h1>FNO Desk · development mailbox</h1></header><main>${items}</main></body></html>`;
}

/** True when a proxy relayed the request: it names a client or hop other than the socket's peer. */
function relayed(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name === 'forwarded' || name === 'via' || name.startsWith('x-forwarded-'),
  );
}

/**
 * `/dev/mailbox` (HTML) and `/dev/mailbox.json`: the embedded outbox, newest first. Answers clients on this machine
 * only unless `public` is set; everyone else gets the same 404 as for a path that does not exist. A reverse proxy on
 * the same host connects from loopback too, so a request it relayed (any `Forwarded`, `X-Forwarded-*` or `Via`
 * header) is refused, and so is every request when the server runs behind a proxy (`trustProxy`).
 */
export function registerMailboxRoutes(
  app: FastifyInstance,
  deps: { repository: AccountsRepository; public: boolean; trustProxy: boolean },
): void {
  const allowed = (request: FastifyRequest) =>
    deps.public || (!deps.trustProxy && !relayed(request) && LOOPBACK.has(request.socket.remoteAddress ?? ''));
  const notFound = { code: 404, error: 'Not found.', errorCode: 'NOT_FOUND' } as const;
  const noStore = 'no-store';

  app.get('/dev/mailbox.json', async (request, reply) => {
    if (!allowed(request)) return reply.status(404).send(notFound);
    const rows = await deps.repository.listOutbox(LIST_LIMIT);
    return reply.header('cache-control', noStore).send(rows.map(toEntry));
  });
  app.get('/dev/mailbox', async (request, reply) => {
    if (!allowed(request)) return reply.status(404).send(notFound);
    const rows = await deps.repository.listOutbox(LIST_LIMIT);
    return reply
      .header('cache-control', noStore)
      .type('text/html; charset=utf-8')
      .send(page(rows.map(toEntry)));
  });
  app.get('/dev/mailbox.css', async (request, reply) => {
    if (!allowed(request)) return reply.status(404).send(notFound);
    return reply.type('text/css; charset=utf-8').send(STYLESHEET);
  });
}
