import {
  BROKER_MESSAGES,
  type BrokerAccount,
  type RevealedBrokerSecrets,
  type UpdateBrokerRequest,
} from '@fnodesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Row, Spinner, Table } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { InfoPopup, type InfoPopupProps } from '../../../components/info-popup';
import { isApiError } from '../../../lib/api-error';
import { usePublicConfig } from '../../../lib/public-config';
import { useUserSession } from '../../../lib/use-session';
import { getBrokerLoginUrl, logoutBroker, revealBrokerSecrets } from '../api/broker-login';
import { useBrokers } from '../api/get-brokers';
import { deleteBroker, updateBroker } from '../api/update-broker';
import { refreshBrokerState } from '../hooks/use-broker-state-refresh';
import { needsAuthenticationModal, needsTotpPrompt, withLoginCredentials } from '../utils/broker-display';
import { BROKER_TRADING_NOTE, LAUNCH_MESSAGES, launchVerdict, type LaunchVerdict } from '../utils/quiktrade-launch';
import { BrokerAccountRow } from './broker-account-row';
import {
  AuthenticationModal,
  DeleteBrokerDialog,
  RevealSecretsModal,
  TotpPromptModal,
  type RevealPurpose,
} from './broker-modals';
import './brokers.css';

/** Where the Broker List links and sends users. */
export interface BrokerAccountsLinks {
  brokerLogin: string;
  quiktradePricing: string;
  /** The QuikTrade dashboard opened by 'Launch QuikTrade', or null while this site has none. */
  quiktradeDashboard: string | null;
}

/** Props of `BrokerAccountsScreen`. */
export interface BrokerAccountsScreenProps {
  links: BrokerAccountsLinks;
  /** The page footer of accounts §2 (links, social links, disclaimer, copyright), composed by the app. */
  footer?: ReactNode;
  /** An account whose login starts as soon as the list is loaded (the default-broker notice's 'Login'). */
  loginAccountId?: string | undefined;
  /** An account whose details start expanded (a newly set-up account's URLs). */
  expandAccountId?: string | undefined;
  /** Leaves the app for a broker's login page (the browser's navigation; replaced in tests). */
  goToUrl?: (url: string) => void;
  /** Opens a new tab (replaced in tests). */
  openTab?: (url: string) => void;
}

const COLUMNS = ['Broker', 'Name', 'Broker ID', 'Status', 'Enable for trading', 'Token', 'Login / Logout', 'Delete'];
const SESSION_EXPIRED_TOAST_ID = 'brokers-session-expired';

function leave(url: string): void {
  window.location.assign(url);
}

function openNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

function messageOf(error: unknown): string {
  return isApiError(error) ? error.message : BROKER_MESSAGES.contactSupport;
}

/** /trading/broker-accounts ('Broker List', accounts §2): the user's broker accounts and what can be done with them. */
export function BrokerAccountsScreen(props: BrokerAccountsScreenProps) {
  const { links, footer, loginAccountId, expandAccountId, goToUrl = leave, openTab = openNewTab } = props;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useUserSession();
  const supportEmail = usePublicConfig().data?.channels.email;
  const brokers = useBrokers();
  const accounts = brokers.data ?? [];

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(expandAccountId === undefined ? [] : [expandAccountId]),
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [totpFor, setTotpFor] = useState<BrokerAccount | null>(null);
  const [authFor, setAuthFor] = useState<BrokerAccount | null>(null);
  const [deleteFor, setDeleteFor] = useState<BrokerAccount | null>(null);
  const [revealFor, setRevealFor] = useState<{ account: BrokerAccount; purpose: RevealPurpose } | null>(null);
  const [revealError, setRevealError] = useState<string | null>(null);
  const [revealBusy, setRevealBusy] = useState(false);
  const [revealed, setRevealed] = useState<Record<string, RevealedBrokerSecrets>>({});
  const [tokenCopiedFor, setTokenCopiedFor] = useState<string | null>(null);
  // Set once the server answers that this account's two-factor sign-in wants a code before secrets are shown.
  const [revealAskCode, setRevealAskCode] = useState(false);
  const [launch, setLaunch] = useState<LaunchVerdict | null>(null);

  useEffect(() => {
    // Accounts §8: a failed list says 'session expired' (a 403 has already gone to the login page).
    if (brokers.isError) toast.error(BROKER_MESSAGES.sessionExpired, { toastId: SESSION_EXPIRED_TOAST_ID });
  }, [brokers.isError]);

  async function withBusy(account: BrokerAccount, work: () => Promise<void>): Promise<void> {
    setBusyId(account.id);
    try {
      await work();
    } finally {
      setBusyId(null);
    }
  }

  const failLogin = (error: unknown) => {
    const message = messageOf(error);
    setLoginError(message);
    toast.error(message);
  };

  const goToLogin = async (account: BrokerAccount, totp?: string, credentials?: { pwd: string; totp: string }) => {
    const loginUrl = await getBrokerLoginUrl(account.id, totp);
    goToUrl(credentials === undefined ? loginUrl : withLoginCredentials(loginUrl, credentials));
  };

  /** Logs in with what the TOTP or authentication modal collected; a failure closes the modal and says why. */
  const loginFromModal = (
    account: BrokerAccount | null,
    close: () => void,
    totp?: string,
    credentials?: { pwd: string; totp: string },
  ) => {
    if (account === null) return;
    void withBusy(account, async () => {
      try {
        await goToLogin(account, totp, credentials);
      } catch (error) {
        close();
        failLogin(error);
      }
    });
  };

  const startLogin = (account: BrokerAccount) => {
    setLoginError(null);
    if (needsTotpPrompt(account)) return setTotpFor(account);
    if (needsAuthenticationModal(account)) return setAuthFor(account);
    void withBusy(account, async () => {
      try {
        await goToLogin(account);
      } catch (error) {
        // The server asks for the TOTP when it knows better than the list (accounts §5).
        if (isApiError(error) && error.message === BROKER_MESSAGES.totpRequired) setTotpFor(account);
        else failLogin(error);
      }
    });
  };

  // The default-broker notice asked for this account's login: start it once the list is here.
  const requestedLogin = useRef<string | undefined>(loginAccountId);
  const startRequestedLogin = useEffectEvent((loaded: readonly BrokerAccount[]) => {
    const wanted = requestedLogin.current;
    if (wanted === undefined) return;
    requestedLogin.current = undefined;
    const account = loaded.find((candidate) => candidate.id === wanted);
    if (account !== undefined && account.status !== 'loggedIn') startLogin(account);
  });
  useEffect(() => {
    if (brokers.data !== undefined) startRequestedLogin(brokers.data);
  }, [brokers.data]);

  const logout = (account: BrokerAccount) =>
    void withBusy(account, async () => {
      try {
        await logoutBroker(account.id);
        toast.success(BROKER_MESSAGES.loggedOut(account.userName));
        // Spec: a logout switches 'Enable for trading' off; say so rather than let the tick vanish unexplained.
        if (account.quickTrade) toast.info(BROKER_MESSAGES.tradingSwitchedOff(account.userName));
      } catch (error) {
        toast.error(messageOf(error));
      }
      await refreshBrokerState(queryClient).catch(() => undefined);
    });

  const remove = (account: BrokerAccount) =>
    void withBusy(account, async () => {
      try {
        await deleteBroker(account.id);
        toast.success(BROKER_MESSAGES.deleted(account.userName));
        setDeleteFor(null);
      } catch (error) {
        toast.error(messageOf(error));
      }
      await refreshBrokerState(queryClient).catch(() => undefined);
    });

  const update = (account: BrokerAccount, change: UpdateBrokerRequest, success?: string) =>
    void withBusy(account, async () => {
      try {
        await updateBroker(account.id, change);
        setNotice(null);
        if (success !== undefined) toast.success(success);
      } catch (error) {
        if (change.quickTrade !== undefined) {
          // The allowance refusal (accounts §5) is shown on the page and as a toast.
          const message = messageOf(error);
          setNotice(message);
          toast.error(message);
        } else {
          toast.error(BROKER_MESSAGES.tryLater);
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['brokers'] });
    });

  // The list carries the access token masked; Copy fetches it in full with the password and copies it at once.
  const reveal = (password: string, code: string | undefined) => {
    if (revealFor === null) return;
    const { account, purpose } = revealFor;
    setRevealBusy(true);
    setRevealError(null);
    revealBrokerSecrets(account.id, password, code)
      .then(async (secrets) => {
        if (purpose === 'token') {
          if (secrets.apiToken === null) {
            setRevealError(BROKER_MESSAGES.notLoggedIn(account.type, account.userName));
            return;
          }
          await navigator.clipboard.writeText(secrets.apiToken);
          setTokenCopiedFor(account.id);
        }
        setRevealed((current) => ({ ...current, [account.id]: secrets }));
        setRevealFor(null);
      })
      .catch((error: unknown) => {
        if (isApiError(error, 'TOTP_REQUIRED')) setRevealAskCode(true);
        setRevealError(messageOf(error));
      })
      .finally(() => setRevealBusy(false));
  };
  const askPassword = (account: BrokerAccount, purpose: RevealPurpose) => {
    setRevealError(null);
    setRevealFor({ account, purpose });
  };

  const launchPopup = launchPopupProps(launch, links, {
    close: () => setLaunch(null),
    buyPlan: () => {
      setLaunch(null);
      void navigate(links.quiktradePricing);
    },
    open: (url) => {
      setLaunch(null);
      openTab(url);
    },
  });

  return (
    <div className="broker-accounts-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h4 mb-0">Broker List</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={links.brokerLogin} className="btn btn-outline-primary">
            Add Broker Account
          </Link>
          <Button
            variant="primary"
            disabled={brokers.data === undefined}
            onClick={() => setLaunch(launchVerdict(session?.activeTradeSubscription ?? false, accounts))}
          >
            Launch QuikTrade
          </Button>
        </div>
      </div>

      {loginError !== null && (
        <Alert variant="danger" dismissible onClose={() => setLoginError(null)} closeLabel="Close error">
          <Alert.Heading as="h2" className="h6">
            ERROR
          </Alert.Heading>
          <p className="mb-0">{loginError}</p>
        </Alert>
      )}
      {notice !== null && (
        <Alert variant="warning" dismissible onClose={() => setNotice(null)} closeLabel="Close message" role="alert">
          {notice}
        </Alert>
      )}

      <Card className="shadow-sm mb-4">
        <Card.Body className="p-0">
          {brokers.isPending ? (
            <div className="d-flex justify-content-center py-5" role="status">
              <Spinner animation="border" aria-label="Loading broker accounts" />
            </div>
          ) : brokers.isError ? (
            <div className="text-center py-5">
              <p className="text-danger mb-3">Your broker accounts could not be loaded.</p>
              <Button variant="outline-primary" onClick={() => void brokers.refetch()}>
                Try again
              </Button>
            </div>
          ) : accounts.length === 0 ? (
            <p className="text-center text-body-secondary py-5 mb-0">{BROKER_MESSAGES.noAccounts}</p>
          ) : (
            <Table responsive hover className="mb-0 align-middle">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="text-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {accounts.map((account) => (
                  <BrokerAccountRow
                    key={account.id}
                    account={account}
                    columns={COLUMNS.length}
                    origin={window.location.origin}
                    expanded={expanded.has(account.id)}
                    busy={busyId === account.id}
                    revealed={revealed[account.id]}
                    tokenCopied={tokenCopiedFor === account.id}
                    onToggle={() =>
                      setExpanded((current) => {
                        const next = new Set(current);
                        if (!next.delete(account.id)) next.add(account.id);
                        return next;
                      })
                    }
                    onLogin={() => startLogin(account)}
                    onLogout={() => logout(account)}
                    onDelete={() => setDeleteFor(account)}
                    onQuickTrade={(enabled) => update(account, { quickTrade: enabled })}
                    onDefault={(isDefault) =>
                      update(account, { isDefault }, BROKER_MESSAGES.defaultUpdated(account.type, account.userName))
                    }
                    onAutoLogin={(autoLogin) =>
                      update(account, { autoLogin }, BROKER_MESSAGES.autoLoginUpdated(account.type, account.userName))
                    }
                    onReveal={() => askPassword(account, 'secrets')}
                    onCopyToken={() => askPassword(account, 'token')}
                  />
                ))}
              </tbody>
            </Table>
          )}
        </Card.Body>
      </Card>

      <h2 className="h5 mb-3">Important Notes</h2>
      <Row xs={1} md={3} className="g-3 mb-4">
        <Col>
          <Card className="h-100">
            <Card.Body className="small">
              Broker names and logos are shown for information only. We have no partnership with, and are not endorsed
              by, any of the brokers listed.
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100">
            <Card.Body className="small">
              All brokers that offer the Symphony XTS API are supported: choose Open XTS and log in with the details
              your broker gives you.
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100">
            <Card.Body className="small">
              Want another broker integrated? Write to{' '}
              {supportEmail === undefined ? 'our support team' : <a href={`mailto:${supportEmail}`}>{supportEmail}</a>}{' '}
              with the broker&apos;s name.
            </Card.Body>
          </Card>
        </Col>
      </Row>

      {footer}

      <TotpPromptModal
        account={totpFor}
        busy={totpFor !== null && busyId === totpFor.id}
        onClose={() => setTotpFor(null)}
        onSubmit={(totp) => loginFromModal(totpFor, () => setTotpFor(null), totp)}
      />
      <AuthenticationModal
        account={authFor}
        busy={authFor !== null && busyId === authFor.id}
        onClose={() => setAuthFor(null)}
        onSave={(credentials) => loginFromModal(authFor, () => setAuthFor(null), credentials.totp, credentials)}
      />
      <DeleteBrokerDialog
        account={deleteFor}
        busy={deleteFor !== null && busyId === deleteFor.id}
        onClose={() => setDeleteFor(null)}
        onDelete={() => {
          if (deleteFor !== null) remove(deleteFor);
        }}
      />
      <RevealSecretsModal
        show={revealFor !== null}
        purpose={revealFor?.purpose ?? 'secrets'}
        busy={revealBusy}
        error={revealError}
        askCode={revealAskCode}
        onReveal={reveal}
        onClose={() => setRevealFor(null)}
      />
      {launchPopup !== null && <InfoPopup show {...launchPopup} />}
    </div>
  );
}

function launchPopupProps(
  verdict: LaunchVerdict | null,
  links: BrokerAccountsLinks,
  actions: { close: () => void; buyPlan: () => void; open: (url: string) => void },
): Omit<InfoPopupProps, 'show'> | null {
  if (verdict === null) return null;
  if (verdict === 'no-plan') {
    return {
      title: 'QuikTrade',
      lines: [LAUNCH_MESSAGES['no-plan']],
      primary: { label: 'Buy Plan', onClick: actions.buyPlan },
      secondary: { label: 'Close', onClick: actions.close },
      onClose: actions.close,
    };
  }
  if (verdict !== 'ready') {
    return {
      title: 'QuikTrade',
      lines: [LAUNCH_MESSAGES[verdict]],
      primary: { label: 'OK', onClick: actions.close },
      onClose: actions.close,
    };
  }
  const dashboard = links.quiktradeDashboard;
  if (dashboard === null) {
    return {
      title: 'QuikTrade',
      lines: [BROKER_TRADING_NOTE, 'The QuikTrade dashboard is not available on this site yet.'],
      primary: { label: 'OK', onClick: actions.close },
      onClose: actions.close,
    };
  }
  return {
    title: 'QuikTrade',
    lines: [BROKER_TRADING_NOTE],
    primary: { label: 'Launch', onClick: () => actions.open(dashboard) },
    secondary: { label: 'Cancel', onClick: actions.close },
    onClose: actions.close,
  };
}
