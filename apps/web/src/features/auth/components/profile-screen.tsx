import type { Clock } from '@fnodesk/domain';
import { useEffect } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useUserProfile } from '../api/get-user-profile';
import { AccountActivityTable } from './account-activity-table';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { TwoFactorCard } from './two-factor-card';

/** /profile ('My Profile'): account details, password change and recent activity. */
export function ProfileScreen({ loginPath, clock }: { loginPath: string; clock?: Clock }) {
  const profile = useUserProfile();
  const navigate = useNavigate();

  // Spec §8: a profile that cannot be loaded sends the user to login (a 403 is already handled by the API client).
  useEffect(() => {
    if (profile.isError) void navigate(loginPath, { replace: true });
  }, [profile.isError, navigate, loginPath]);

  if (!profile.isSuccess) return <PageSpinner label="Loading your profile…" />;

  const { data } = profile;
  return (
    <section className="profile-screen py-4 py-lg-5">
      <Container>
        <header className="mb-4">
          <h1 className="h3 fw-bold mb-1">My Profile</h1>
          <p className="text-body-secondary mb-0">
            {data.firstName} {data.lastName} · <span className="text-break">{data.email}</span>
          </p>
        </header>
        <Row className="g-4 mb-4">
          <Col lg={7}>
            <ProfileDetailsForm profile={data} />
          </Col>
          <Col lg={5}>
            <ChangePasswordForm hasPassword={data.signInMethods.includes('password')} />
          </Col>
        </Row>
        <TwoFactorCard enabled={data.totpEnabled === true} hasPassword={data.signInMethods.includes('password')} />
        <AccountActivityTable clock={clock} />
      </Container>
    </section>
  );
}
