import { useNavigate } from 'react-router';
import { InfoPopup } from '../../components/info-popup';
import { paths } from '../paths';
import { GATE_POPUPS, type PageGate } from './page-gates';

const GATE_TARGETS: Readonly<Record<PageGate, string>> = {
  'discover-plan': paths.discoverPricing,
  'broker-login': paths.brokerAccounts,
  upgrade: paths.quiktradePricing,
};

/** The popup of a gate (Purchase Discover Plan, Login with your Broker Account, Upgrade Now); its button navigates. */
export function GatePopup({ gate, show, onClose }: { gate: PageGate; show: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const copy = GATE_POPUPS[gate];
  return (
    <InfoPopup
      show={show}
      title={copy.title}
      lines={[copy.message]}
      onClose={onClose}
      primary={{
        label: copy.button,
        onClick: () => {
          onClose();
          void navigate(GATE_TARGETS[gate]);
        },
      }}
    />
  );
}
