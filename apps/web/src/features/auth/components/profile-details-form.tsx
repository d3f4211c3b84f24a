import type { Profile } from '@fnodesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { updateSession } from '../../../lib/session-storage';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { profileFormSchema, type ProfileFormInput, type ProfileFormValues } from '../utils/details-form-schemas';
import { failureMessage } from '../utils/failure-message';
import { PhoneField } from './phone-field';

/** Toast after the profile is saved. */
export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully';

/** The profile's account details: the e-mail (read only), the names and the WhatsApp number, with Save. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateUserProfile();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, mobile: profile.mobile },
  });

  const onSubmit = handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (saved) => {
        updateSession({ userFirstName: saved.firstName, userLastName: saved.lastName });
        reset({ firstName: saved.firstName, lastName: saved.lastName, mobile: saved.mobile });
        toast.success(PROFILE_SAVED_MESSAGE);
      },
    }),
  );

  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 fw-semibold mb-3">
          Account details
        </Card.Title>
        <Form noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField label="E-mail" type="email" name="email" value={profile.email} readOnly />
          <Row className="g-0 gx-sm-3">
            <Col sm={6}>
              <TextField
                label="First Name"
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...register('firstName')}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="Last Name"
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...register('lastName')}
              />
            </Col>
          </Row>
          <Controller
            name="mobile"
            control={control}
            render={({ field, fieldState }) => (
              <PhoneField
                label="WhatsApp Number"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          {updateProfile.isError && (
            <Alert variant="danger" className="py-2" role="alert">
              {failureMessage(updateProfile.error, UNEXPECTED_FAILURE_MESSAGE)}
            </Alert>
          )}
          <LoadingButton type="submit" disabled={!isDirty} loading={updateProfile.isPending}>
            Save
          </LoadingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
