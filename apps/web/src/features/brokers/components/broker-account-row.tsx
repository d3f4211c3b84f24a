import type { BrokerAccount, RevealedBrokerSecrets } from '@fnodesk/contracts';
import type { ReactNode } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { TradeMultiplierField } from '../../../components/trade-multiplier-field';
import { formatIstDate } from '../../../lib/format-ist';
import { brokerTypeLabel, callbackUrlOf, quickTradeControl, statusBadge } from '../utils/broker-display';
import { ChevronIcon, DeleteIcon, LoginIcon, LogoutIcon } from './broker-icons';
import { CopyButton } from './copy-button';

/** What a row asks the Broker List to do. */
export interface BrokerRowActions {
  onToggle: () => void;
  onLogin: () => void;
  onLogout: () => void;
  onDelete: () => void;
  onQuickTrade: (enabled: boolean) => void;
  onDefault: (isDefault: boolean) => void;
  onAutoLogin: (autoLogin: boolean) => void;
  onReveal: () => void;
  /** Copy of the access token: the list has it masked, so it is fetched in full with the password first. */
  onCopyToken: () => void;
}

/** Props of `BrokerAccountRow`. */
export interface BrokerAccountRowProps extends BrokerRowActions {
  account: BrokerAccount;
  expanded: boolean;
  /** An action of this row is running. */
  busy: boolean;
  /** The secret, TOTP seed and access token in full, once revealed with the password. */
  revealed: RevealedBrokerSecrets | undefined;
  /** The access token was copied as it was revealed (its Copy button starts at 'Copied'). */
  tokenCopied: boolean;
  /** The app's origin, for callback URLs the server does not give. */
  origin: string;
  columns: number;
}

/** One broker account of the Broker List, and its details when expanded (accounts §2). */
export function BrokerAccountRow(props: BrokerAccountRowProps) {
  const { account, expanded, busy, revealed, origin, columns } = props;
  const badge = statusBadge(account.status);
  const loggedIn = account.status === 'loggedIn';
  const control = quickTradeControl(account);
  const detailsId = `broker-details-${account.id}`;
  return (
    <>
      <tr>
        <td>
          <Button
            variant="link"
            size="sm"
            className="p-0 text-body d-inline-flex align-items-center gap-2 text-decoration-none"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={props.onToggle}
          >
            <ChevronIcon open={expanded} />
            <span>{brokerTypeLabel(account)}</span>
          </Button>
          {account.isDefault && (
            <Badge bg="primary" className="ms-2">
              Default
            </Badge>
          )}
        </td>
        <td>{account.name}</td>
        <td className="font-monospace">{account.userName}</td>
        <td>
          <Badge bg={badge.variant}>{badge.label}</Badge>
        </td>
        <td>
          <Form.Check
            type="checkbox"
            id={`quick-trade-${account.id}`}
            aria-label={`Enable ${account.userName} for trading`}
            checked={account.quickTrade}
            disabled={control.disabled || busy}
            title={control.title}
            onChange={(event) => props.onQuickTrade(event.target.checked)}
          />
        </td>
        <td>
          <Button variant="link" size="sm" className="p-0" onClick={props.onLogin} disabled={busy}>
            Generate Token
          </Button>
        </td>
        <td>
          {loggedIn ? (
            <Button
              variant="outline-warning"
              size="sm"
              onClick={props.onLogout}
              disabled={busy}
              aria-label={`Log out ${account.userName}`}
              title="Logout"
            >
              <LogoutIcon />
            </Button>
          ) : (
            <Button
              variant="outline-success"
              size="sm"
              onClick={props.onLogin}
              disabled={busy}
              aria-label={`Log in ${account.userName}`}
              title="Login"
            >
              <LoginIcon />
            </Button>
          )}
        </td>
        <td>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={props.onDelete}
            disabled={busy}
            aria-label={`Delete ${account.userName}`}
            title="Delete"
          >
            <DeleteIcon />
          </Button>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className="broker-details">
          <td colSpan={columns} className="bg-body-tertiary">
            <BrokerAccountDetails {...props} revealed={revealed} origin={origin} />
          </td>
        </tr>
      )}
    </>
  );
}

function DetailLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row g-2 align-items-center py-1">
      <dt className="col-sm-3 col-lg-2 small text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-9 col-lg-10 mb-0 d-flex flex-wrap align-items-center gap-2">{children}</dd>
    </div>
  );
}

function BrokerAccountDetails(props: BrokerAccountRowProps) {
  const { account, revealed, origin, busy, tokenCopied } = props;
  const secret = revealed?.secret ?? account.secret;
  const apiToken = revealed?.apiToken ?? null;
  const totpSecret = revealed?.totpSecret ?? account.totpSecret;
  const masked = revealed === undefined && (account.secret !== null || account.totpSecret !== null);
  const callbackUrl = callbackUrlOf(account, origin);
  return (
    <dl className="mb-0 px-2">
      {account.apiKey !== null && account.apiKey !== '' && (
        <DetailLine label="API Key">
          <span className="font-monospace broker-secret">{account.apiKey.toUpperCase()}</span>
        </DetailLine>
      )}
      {secret !== null && secret !== '' && (
        <DetailLine label="Secret">
          <span className="font-monospace broker-secret">{secret.toUpperCase()}</span>
        </DetailLine>
      )}
      {totpSecret !== null && totpSecret !== '' && (
        <DetailLine label="TOTP Secret">
          <span className="font-monospace broker-secret">{totpSecret.toUpperCase()}</span>
        </DetailLine>
      )}
      {masked && (
        <DetailLine label="">
          <Button variant="outline-secondary" size="sm" onClick={props.onReveal}>
            Reveal
          </Button>
        </DetailLine>
      )}
      {account.apiToken !== null && account.apiToken !== '' && (
        <DetailLine label="API Token">
          <span className="font-monospace broker-secret">{apiToken ?? account.apiToken}</span>
          {apiToken !== null ? (
            <CopyButton text={apiToken} label="API token" copied={tokenCopied} />
          ) : (
            <Button variant="outline-secondary" size="sm" onClick={props.onCopyToken} aria-label="Copy API token">
              Copy
            </Button>
          )}
        </DetailLine>
      )}
      {account.tokenCreationTime !== null && (
        <DetailLine label="Token Created">{formatIstDate(account.tokenCreationTime)}</DetailLine>
      )}
      {callbackUrl !== null && (
        <DetailLine label="Callback URL">
          <span className="font-monospace broker-secret">{callbackUrl}</span>
          <CopyButton text={callbackUrl} label="callback URL" />
        </DetailLine>
      )}
      {account.postbackUrl !== null && account.postbackUrl !== '' && (
        <DetailLine label="Postback URL">
          <span className="font-monospace broker-secret">{account.postbackUrl}</span>
          <CopyButton text={account.postbackUrl} label="postback URL" />
        </DetailLine>
      )}
      {account.quickTrade && (
        <DetailLine label="Fan-out">
          <TradeMultiplierField account={account} />
        </DetailLine>
      )}
      <DetailLine label="Settings">
        <Form.Check
          type="switch"
          id={`default-${account.id}`}
          label="Default account"
          checked={account.isDefault}
          disabled={busy}
          onChange={(event) => props.onDefault(event.target.checked)}
        />
        <Form.Check
          type="switch"
          id={`auto-login-${account.id}`}
          label="Auto login"
          checked={account.autoLogin}
          disabled={busy}
          onChange={(event) => props.onAutoLogin(event.target.checked)}
        />
      </DetailLine>
    </dl>
  );
}
