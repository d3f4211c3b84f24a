import { PASSWORD_MIN_LENGTH } from '@fnodesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { useChangePassword } from '../api/change-password';
import { UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../utils/auth-form-schemas';
import { failureMessage } from '../utils/failure-message';

/** Toast after the password is changed. */
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the signed-in user's password (current, new, confirm); the user's other sessions end. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const values = useWatch({ control });
  const filled =
    (values.currentPassword ?? '').length > 0 &&
    (values.newPassword ?? '').length > 0 &&
    (values.confirmPassword ?? '').length > 0;

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success(PASSWORD_CHANGED_MESSAGE);
        },
      },
    ),
  );

  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 fw-semibold mb-3">
          Change password
        </Card.Title>
        {hasPassword ? (
          <Form noValidate onSubmit={(event) => void onSubmit(event)}>
            <TextField
              label="Current Password"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              error={errors.newPassword?.message}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices are logged out, this one is not.`}
              {...register('newPassword')}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            {changePassword.isError && (
              <Alert variant="danger" className="py-2" role="alert">
                {failureMessage(changePassword.error, UNEXPECTED_FAILURE_MESSAGE)}
              </Alert>
            )}
            <LoadingButton type="submit" disabled={!filled} loading={changePassword.isPending}>
              Change password
            </LoadingButton>
          </Form>
        ) : (
          <p className="text-body-secondary mb-0">You log in with Google, so this account has no password to change.</p>
        )}
      </Card.Body>
    </Card>
  );
}
