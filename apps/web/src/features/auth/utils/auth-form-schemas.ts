import {
  ACCOUNT_MESSAGES,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@fnodesk/contracts';
import { z } from 'zod';

// The forms check what the server checks (contracts' rules and words) so a mistake shows before any call is made.
// Forms that take a phone number live in details-form-schemas.ts: its full phone metadata is large, and the login
// and password screens should not download it.

/** A valid e-mail address (spec §5), reported with `message`. */
export const emailField = (message: string) => z.string().trim().max(254, message).regex(EMAIL_PATTERN, message);

/** A required name part, reported with `message`. */
export const nameField = (message: string) => z.string().trim().min(1, message).max(NAME_MAX_LENGTH, message);

/** A new password: empty reads as "not valid", then the length bounds the server enforces. */
export const newPasswordField = z
  .string()
  .min(1, ACCOUNT_MESSAGES.invalidPassword)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

const existingPassword = z
  .string()
  .min(1, ACCOUNT_MESSAGES.invalidPassword)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.invalidPassword);

/** Lets the password-mismatch check run when other fields failed too (zod skips it), so all errors show at once. */
export const bothPasswordsPresent = (payload: { value: unknown }): boolean => {
  const value = payload.value;
  return typeof value === 'object' && value !== null && 'confirmPassword' in value;
};

/** The login form (spec §5): a valid e-mail and a non-empty password. */
export const loginFormSchema = z.object({
  email: emailField(ACCOUNT_MESSAGES.invalidEmail),
  password: existingPassword,
  remember: z.boolean(),
});
/** What the login form holds. */
export type LoginFormInput = z.input<typeof loginFormSchema>;
/** What the login form submits. */
export type LoginFormValues = z.output<typeof loginFormSchema>;

/** The forgot-password form: a valid e-mail, with the spec's own wording for this screen. */
export const forgotPasswordFormSchema = z.object({ email: emailField(ACCOUNT_MESSAGES.forgotInvalidEmail) });
/** What the forgot-password form holds and submits. */
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;

/** The reset-password form: a valid new password, confirmed. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
    when: bothPasswordsPresent,
  });
/** What the reset-password form holds and submits. */
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/** The change-password form on the profile page. */
export const changePasswordFormSchema = z
  .object({ currentPassword: existingPassword, newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: ACCOUNT_MESSAGES.passwordMismatch,
    when: bothPasswordsPresent,
  });
/** What the change-password form holds and submits. */
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;
