import { ACCOUNT_MESSAGES, WHATSAPP_NUMBER_TYPES } from '@fnodesk/contracts';
import { isValidPhoneNumber, parsePhoneNumber } from 'react-phone-number-input/max';
import { z } from 'zod';
import { bothPasswordsPresent, emailField, nameField, newPasswordField } from './auth-form-schemas';

// The forms that take personal details (names and a WhatsApp number). The number is checked with the library's full
// metadata, so mobile and fixed-line rules of every country apply.

/** An international number valid for its country, of a type that can take WhatsApp messages (not a fixed line). */
const mobile = z.string().refine((value) => {
  if (!isValidPhoneNumber(value)) return false;
  const type = parsePhoneNumber(value)?.getType();
  return type !== undefined && WHATSAPP_NUMBER_TYPES.includes(type);
}, ACCOUNT_MESSAGES.invalidMobile);

/** The registration form (spec §5); a Google registration carries no password, so its checks are skipped. */
export function registerFormSchema(withGoogle: boolean) {
  return z
    .object({
      firstName: nameField(ACCOUNT_MESSAGES.firstNameRequired),
      lastName: nameField(ACCOUNT_MESSAGES.lastNameRequired),
      email: emailField(ACCOUNT_MESSAGES.invalidEmail),
      mobile,
      password: withGoogle ? z.string() : newPasswordField,
      confirmPassword: z.string(),
      isAccepted: z.boolean().refine((accepted) => accepted, ACCOUNT_MESSAGES.termsNotAccepted),
    })
    .refine((values) => withGoogle || values.password === values.confirmPassword, {
      path: ['confirmPassword'],
      message: ACCOUNT_MESSAGES.passwordMismatch,
      when: bothPasswordsPresent,
    });
}
/** What the registration form holds. */
export type RegisterFormInput = z.input<ReturnType<typeof registerFormSchema>>;
/** What the registration form submits. */
export type RegisterFormValues = z.output<ReturnType<typeof registerFormSchema>>;

/** The profile details form: names and WhatsApp number. */
export const profileFormSchema = z.object({
  firstName: nameField(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: nameField(ACCOUNT_MESSAGES.lastNameRequired),
  mobile,
});
/** What the profile details form holds. */
export type ProfileFormInput = z.input<typeof profileFormSchema>;
/** What the profile details form submits. */
export type ProfileFormValues = z.output<typeof profileFormSchema>;
