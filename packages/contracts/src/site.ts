import { z } from 'zod';
import { textSchema } from './text';
import { EmailSchema, MobileSchema } from './accounts';

/** Public-site helpers of `/api/v1`: the demo request of the landing page's 'Register for demo'. */

/** Longest name accepted on the demo form. */
export const DEMO_NAME_MAX_LENGTH = 100;
/** Longest message accepted on the demo form. */
export const DEMO_MESSAGE_MAX_LENGTH = 1000;

/** Texts shown to people for the demo form's rules; the form and the server use the same words. */
export const DEMO_REQUEST_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${DEMO_NAME_MAX_LENGTH} characters long`,
  messageTooLong: `Message must be at most ${DEMO_MESSAGE_MAX_LENGTH} characters long`,
} as const;

/** `POST demo-request`: who wants a demo and how to reach them. */
export const DemoRequestSchema = z.object({
  name: textSchema()
    .trim()
    .min(1, DEMO_REQUEST_MESSAGES.nameRequired)
    .max(DEMO_NAME_MAX_LENGTH, DEMO_REQUEST_MESSAGES.nameTooLong),
  email: EmailSchema,
  mobile: MobileSchema,
  message: textSchema({ multiline: true })
    .trim()
    .max(DEMO_MESSAGE_MAX_LENGTH, DEMO_REQUEST_MESSAGES.messageTooLong)
    .default(''),
});
/** `POST demo-request` body. */
export type DemoRequest = z.input<typeof DemoRequestSchema>;

/** `POST demo-request` data: the stored request's id and when it arrived (ISO date-time). */
export const DemoRequestReceiptSchema = z.object({ id: z.string(), receivedAt: z.string() });
/** `POST demo-request` data. */
export type DemoRequestReceipt = z.infer<typeof DemoRequestReceiptSchema>;
