import { ACCOUNT_MESSAGES, DEMO_REQUEST_MESSAGES, DemoRequestSchema, EMAIL_PATTERN } from '@fnodesk/contracts';
import { z } from 'zod';

/** What the demo form holds while being filled in. */
export interface DemoFormValues {
  name: string;
  email: string;
  mobile: string;
  message: string;
}

/**
 * A mobile number as people type it, in international form: ten digits starting 6–9 (optionally after 0 or 91)
 * are an Indian mobile and get +91; anything else is kept as typed, with its spaces and dashes removed.
 */
export function internationalMobile(typed: string): string {
  const compact = typed.replace(/[\s()-]/g, '');
  const indian = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(compact);
  return indian?.[1] === undefined ? compact : `+91${indian[1]}`;
}

/** The form's rules, in the words the server uses too. */
export const demoFormSchema = z.object({
  name: DemoRequestSchema.shape.name,
  email: z.string().trim().regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.invalidEmail),
  mobile: z
    .string()
    .transform(internationalMobile)
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, ACCOUNT_MESSAGES.invalidMobile)),
  message: z.string().trim().max(1000, DEMO_REQUEST_MESSAGES.messageTooLong),
});
