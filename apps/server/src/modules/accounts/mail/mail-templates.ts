import type { MailMessage } from './mail.port';

const BRAND = 'FNO Desk';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Wraps paragraphs and one call-to-action link in a plain, mail-client-safe HTML layout. */
function layout(
  greeting: string,
  paragraphs: readonly string[],
  action: { label: string; url: string },
  footer: string,
) {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font:15px/1.5 Arial,sans-serif;color:#1f2937">${escapeHtml(text)}</p>`;
  return [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">',
    '<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:8px;padding:32px">',
    `<tr><td><h1 style="margin:0 0 24px;font:bold 22px Arial,sans-serif;color:#0d6efd">${BRAND}</h1>`,
    p(greeting),
    ...paragraphs.map(p),
    `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0d6efd;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font:bold 15px Arial,sans-serif">${escapeHtml(action.label)}</a></p>`,
    p(`If the button does not work, copy this link into your browser: ${action.url}`),
    `<p style="margin:24px 0 0;font:12px/1.5 Arial,sans-serif;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
}

function text(greeting: string, paragraphs: readonly string[], action: { label: string; url: string }, footer: string) {
  return [
    greeting,
    '',
    ...paragraphs.flatMap((x) => [x, '']),
    `${action.label}: ${action.url}`,
    '',
    footer,
    '',
    `— ${BRAND}`,
  ].join('\n');
}

function mail(
  kind: MailMessage['kind'],
  to: string,
  subject: string,
  firstName: string,
  paragraphs: readonly string[],
  action: { label: string; url: string },
  footer: string,
): MailMessage {
  const greeting = `Hello ${firstName},`;
  return {
    kind,
    to,
    subject,
    text: text(greeting, paragraphs, action, footer),
    html: layout(greeting, paragraphs, action, footer),
  };
}

/** The verification mail sent after registration (link valid 24 h, once). */
export function verificationMail(to: string, firstName: string, url: string): MailMessage {
  return mail(
    'verify-email',
    to,
    `Verify your e-mail address for ${BRAND}`,
    firstName,
    [`Thanks for signing up for ${BRAND}. Please confirm that this is your e-mail address to activate your account.`],
    { label: 'Verify e-mail address', url },
    'This link works once and expires in 24 hours. If you did not sign up, you can ignore this mail.',
  );
}

/** The password-reset mail (link valid `minutes`, once). */
export function passwordResetMail(to: string, firstName: string, url: string, minutes: number): MailMessage {
  return mail(
    'password-reset',
    to,
    `Reset your ${BRAND} password`,
    firstName,
    ['We received a request to reset the password of your account. Choose a new password with the link below.'],
    { label: 'Reset password', url },
    `This link works once and expires in ${minutes} minutes. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this mail: your password stays as it is.`,
  );
}

/**
 * Sent to an account's owner instead of an answer that would tell the registering person the e-mail is taken: a
 * registration with their address was tried. Nothing about the account changed.
 */
export function registrationAttemptMail(
  to: string,
  firstName: string,
  urls: { login: string; forgotPassword: string },
): MailMessage {
  return mail(
    'registration-attempt',
    to,
    `Someone tried to register with your e-mail on ${BRAND}`,
    firstName,
    [
      `Someone tried to register a new ${BRAND} account with this e-mail address, which already has an account. Your account has not changed.`,
      `If it was you, log in with your password, or reset your password if you have forgotten it: ${urls.forgotPassword}`,
    ],
    { label: 'Log in', url: urls.login },
    'If it was not you, you can ignore this mail: no account was made and your password stays as it is.',
  );
}

/** Sent when sign-in is paused after too many wrong passwords; a reset unlocks the account at once. */
export function loginLockedMail(to: string, firstName: string, url: string, minutes: number): MailMessage {
  return mail(
    'login-locked',
    to,
    `Sign-in to ${BRAND} paused after failed attempts`,
    firstName,
    [
      `There were too many sign-in attempts with a wrong password on your account, so password sign-in from new devices is paused for up to ${minutes} minutes. Devices you have signed in on before are not affected.`,
      'If this was you and you forgot your password, reset it now: a reset unlocks sign-in straight away.',
    ],
    { label: 'Reset password', url },
    'If this was not you, someone may be guessing your password. Resetting it keeps your account safe.',
  );
}

/** Sent before an auto-renewing plan ends, with the link to pay its renewal order. */
export function renewalDueMail(
  to: string,
  firstName: string,
  renewal: { planType: string; endsOn: string; amount: string; url: string },
): MailMessage {
  return mail(
    'renewal-due',
    to,
    `Renew your ${BRAND} ${renewal.planType} plan`,
    firstName,
    [
      `Your ${renewal.planType} plan runs until ${renewal.endsOn} and is set to renew.`,
      `Pay ${renewal.amount} (GST included) with the link below; the new period starts when the current one ends, so no day is lost.`,
    ],
    { label: 'Pay for the renewal', url: renewal.url },
    "You can cancel renewal at any time under My Subscriptions ('My Plans'). Payments are non-refundable.",
  );
}
