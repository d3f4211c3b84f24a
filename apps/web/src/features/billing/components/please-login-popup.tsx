import { BILLING_MESSAGES } from '@fnodesk/contracts';
import { useNavigate } from 'react-router';
import { InfoPopup } from '../../../components/info-popup';

/** The 'Please login' popup (spec §4 Purchase, step 1): OK goes to the login page. */
export function PleaseLoginPopup({
  show,
  loginPath,
  onClose,
}: {
  show: boolean;
  loginPath: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <InfoPopup
      show={show}
      title={BILLING_MESSAGES.pleaseLoginTitle}
      lines={[BILLING_MESSAGES.pleaseLoginMessage]}
      primary={{ label: 'OK', onClick: () => void navigate(loginPath) }}
      onClose={onClose}
    />
  );
}
