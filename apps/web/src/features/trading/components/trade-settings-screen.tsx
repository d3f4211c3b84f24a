import {
  tradesLive,
  type BrokerAccount,
  type RiskSettings,
  type TradeDefaults,
  type TradeSettings,
  type TradingMode,
} from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { useDataQuery } from '../../../lib/use-data-query';
import { useSaveDocument, useUserDocument } from '../../../lib/user-documents';
import { invalidateTrading, saveRiskSettings, useRiskSettings } from '../api/risk-settings';
import {
  overrideKey,
  resolveTradeDefaults,
  TERMINAL_DEFAULTS,
  tradeSettingsKey,
  type ResolvedTradeDefaults,
} from '../utils/terminal-settings';
import { BookState, TradingPageFrame } from './trading-page-frame';

/**
 * /pages/setting: the terminal's Default Config per underlying and expiry, its General Setting per underlying (both
 * kept per account and mode), and the account's RMS limits (the same `risksettings` record as /risk-setting).
 */
export function TradeSettingsScreen() {
  return (
    <TradingPageFrame title="Trading Settings">
      {(account) => <SettingsBody key={account.id} account={account} />}
    </TradingPageFrame>
  );
}

function SettingsBody({ account }: { account: BrokerAccount }) {
  const [mode, setMode] = useState<TradingMode>('paper');
  const [name, setName] = useState('NIFTY');
  const [expiry, setExpiry] = useState<string | null>(null);
  const underlyings = useDataQuery('search', { query: '' });
  const expiries = useDataQuery('get_option_expiry', { name });
  const expiryList = expiries.data?.data.expiries ?? [];
  const nearest = expiryList[0]?.date ?? null;
  const listed = useDataQuery(
    'get_option_chain_instruments',
    nearest === null ? null : { name, expiry: expiry ?? nearest },
  );
  const first = listed.data?.data.strikes[0]?.ce;
  // Spec §5: the slice lot is at most the freeze quantity ÷ lot size.
  const maxSlice = first?.volumeFreeze == null ? null : Math.floor(first.volumeFreeze / first.lotSize);
  const doc = useUserDocument('trade-settings', tradeSettingsKey(account.id, mode));
  return (
    <div className="d-flex flex-column gap-4" style={{ maxWidth: '40rem' }}>
      <div className="d-flex flex-wrap gap-2">
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Mode"
          value={mode}
          onChange={(event) => setMode(event.currentTarget.value as TradingMode)}
        >
          <option value="paper">Paper</option>
          {tradesLive(account.type) && <option value="live">Live</option>}
        </Form.Select>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Instrument"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setExpiry(null);
          }}
        >
          {(underlyings.data?.data ?? [{ name }]).map((instrument) => (
            <option key={instrument.name} value={instrument.name}>
              {instrument.name}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label="Expiry"
          value={expiry ?? ''}
          onChange={(event) => setExpiry(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        >
          <option value="">Every expiry</option>
          {expiryList.map((candidate) => (
            <option key={candidate.date} value={candidate.date}>
              {candidate.date}
            </option>
          ))}
        </Form.Select>
      </div>
      <BookState loading={doc.isPending} error={doc.error} empty={false} emptyText="" />
      {doc.isSuccess && (
        <>
          <DefaultConfigForm
            key={`${mode}-${name}-${expiry ?? ''}-${doc.data?.version ?? 0}`}
            documentKey={tradeSettingsKey(account.id, mode)}
            settings={doc.data?.data ?? null}
            version={doc.data?.version ?? 0}
            name={name}
            expiry={expiry}
            maxSlice={maxSlice}
          />
          <GeneralSettingForm
            key={`general-${mode}-${name}-${doc.data?.version ?? 0}`}
            documentKey={tradeSettingsKey(account.id, mode)}
            settings={doc.data?.data ?? null}
            version={doc.data?.version ?? 0}
            name={name}
          />
        </>
      )}
      <RmsSection account={account} />
    </div>
  );
}

function defaultsOf(resolved: ResolvedTradeDefaults): TradeDefaults {
  return {
    quantityLots: resolved.lotsPerClick,
    orderType: resolved.orderType,
    product: resolved.product,
    validity: resolved.validity,
  };
}

/** Saves an override of the settings (creating the document from the defaults the first time). */
function useSaveOverride(documentKey: string, settings: TradeSettings | null, version: number) {
  const save = useSaveDocument('trade-settings');
  return {
    pending: save.isPending,
    save: (key: string, override: TradeDefaults) => {
      const base = settings ?? TERMINAL_DEFAULTS;
      save.mutate(
        { key: documentKey, version, data: { ...base, overrides: { ...base.overrides, [key]: override } } },
        {
          onSuccess: () => toast.success('Settings saved.'),
          onError: (error) => toast.error(error.message),
        },
      );
    },
  };
}

interface SettingsFormProps {
  documentKey: string;
  settings: TradeSettings | null;
  version: number;
  name: string;
}

function DefaultConfigForm(props: SettingsFormProps & { expiry: string | null; maxSlice: number | null }) {
  const resolved = resolveTradeDefaults(props.settings, props.name, props.expiry);
  const [form, setForm] = useState({
    product: resolved.product,
    sliceLots: resolved.sliceLots === null ? '' : String(resolved.sliceLots),
    validity: resolved.validity,
    orderType: resolved.orderType,
    buffer: String(resolved.marketProtectionPercent),
    lots: String(resolved.lotsPerClick),
    sequence: resolved.orderSequence,
  });
  const { save, pending } = useSaveOverride(props.documentKey, props.settings, props.version);
  const lots = Number(form.lots);
  const slice = form.sliceLots.trim() === '' ? null : Number(form.sliceLots);
  const buffer = Number(form.buffer);
  const errors = [
    !Number.isInteger(lots) || lots < 1 || lots > 1000 ? 'Default lots must be a whole number from 1 to 1000.' : null,
    slice !== null && (!Number.isInteger(slice) || slice < 1)
      ? 'Slice lots must be a whole number of 1 or more.'
      : slice !== null && props.maxSlice !== null && slice > props.maxSlice
        ? `Slice lots may be at most ${props.maxSlice} (the freeze quantity ÷ lot size).`
        : null,
    !Number.isFinite(buffer) || buffer < 0 || buffer > 100 ? 'The price buffer must be 0 to 100 %.' : null,
  ].filter((message): message is string => message !== null);
  const set = (patch: Partial<typeof form>) => setForm((old) => ({ ...old, ...patch }));
  return (
    <Form
      aria-labelledby="default-config-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (errors.length > 0) return;
        save(overrideKey(props.name, props.expiry), {
          ...defaultsOf(resolved),
          quantityLots: lots,
          orderType: form.orderType,
          product: form.product,
          validity: form.validity,
          ...(slice === null ? {} : { sliceLots: slice }),
          orderSequence: form.sequence,
          marketProtectionPercent: buffer,
          ...(resolved.stopLossPoints === null ? {} : { stopLossPoints: resolved.stopLossPoints }),
          ...(resolved.targetPoints === null ? {} : { targetPoints: resolved.targetPoints }),
        });
      }}
    >
      <h2 id="default-config-title" className="h5">
        Default Config · {props.name}
        {props.expiry === null ? '' : ` ${props.expiry}`}
      </h2>
      <div className="row g-2">
        <Form.Group className="col-6 col-sm-4" controlId="setting-product">
          <Form.Label className="small mb-1">Product</Form.Label>
          <Form.Select
            size="sm"
            value={form.product}
            onChange={(e) => set({ product: e.currentTarget.value as 'MIS' | 'NRML' })}
          >
            <option value="MIS">MIS</option>
            <option value="NRML">NRML</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="setting-slice">
          <Form.Label className="small mb-1">Slice Qty (lots)</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            {...(props.maxSlice === null ? {} : { max: props.maxSlice })}
            placeholder={props.maxSlice === null ? 'Freeze limit' : `Freeze limit (${props.maxSlice})`}
            value={form.sliceLots}
            onChange={(e) => set({ sliceLots: e.currentTarget.value })}
          />
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="setting-validity">
          <Form.Label className="small mb-1">Validity</Form.Label>
          <Form.Select
            size="sm"
            value={form.validity}
            onChange={(e) => set({ validity: e.currentTarget.value as 'DAY' | 'IOC' })}
          >
            <option value="DAY">DAY</option>
            <option value="IOC">IOC</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="setting-order-type">
          <Form.Label className="small mb-1">Order Type</Form.Label>
          <Form.Select
            size="sm"
            value={form.orderType}
            onChange={(e) => set({ orderType: e.currentTarget.value as 'MARKET' | 'LIMIT' })}
          >
            <option value="MARKET">MKT</option>
            <option value="LIMIT">LMT (MPT)</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="setting-buffer">
          <Form.Label className="small mb-1">Price Buffer % (Market Protect)</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={0}
            max={100}
            step={0.1}
            disabled={form.orderType !== 'LIMIT'}
            value={form.buffer}
            onChange={(e) => set({ buffer: e.currentTarget.value })}
          />
        </Form.Group>
        <Form.Group className="col-6 col-sm-4" controlId="setting-lots">
          <Form.Label className="small mb-1">Default Qty (lots per click)</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            step={1}
            value={form.lots}
            onChange={(e) => set({ lots: e.currentTarget.value })}
          />
        </Form.Group>
        <Form.Group className="col-12 col-sm-6" controlId="setting-sequence">
          <Form.Label className="small mb-1">Order Sequence</Form.Label>
          <Form.Select
            size="sm"
            value={form.sequence}
            onChange={(e) => set({ sequence: e.currentTarget.value as ResolvedTradeDefaults['orderSequence'] })}
          >
            <option value="buys-first">Buy First</option>
            <option value="sells-first">Sell First</option>
            <option value="as-entered">As entered</option>
          </Form.Select>
        </Form.Group>
      </div>
      {errors.length > 0 && (
        <ul className="small text-danger mt-2 mb-0" data-testid="setting-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <Button type="submit" size="sm" className="mt-2" disabled={pending || errors.length > 0}>
        Save Default Config
      </Button>
    </Form>
  );
}

function GeneralSettingForm(props: SettingsFormProps) {
  const resolved = resolveTradeDefaults(props.settings, props.name, null);
  const [stop, setStop] = useState(resolved.stopLossPoints === null ? '' : String(resolved.stopLossPoints));
  const [target, setTarget] = useState(resolved.targetPoints === null ? '' : String(resolved.targetPoints));
  const { save, pending } = useSaveOverride(props.documentKey, props.settings, props.version);
  const parse = (text: string) => (text.trim() === '' ? null : Number(text));
  const stopPoints = parse(stop);
  const targetPoints = parse(target);
  const bad = [stopPoints, targetPoints].some((value) => value !== null && (!Number.isFinite(value) || value < 0));
  const existing = props.settings?.overrides?.[props.name];
  return (
    <Form
      aria-labelledby="general-setting-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (bad) return;
        const { stopLossPoints: _stop, targetPoints: _target, ...rest } = existing ?? defaultsOf(resolved);
        save(props.name, {
          ...rest,
          ...(stopPoints === null ? {} : { stopLossPoints: stopPoints }),
          ...(targetPoints === null ? {} : { targetPoints }),
        });
      }}
    >
      <h2 id="general-setting-title" className="h5">
        General Setting · {props.name}
      </h2>
      <p className="small text-body-secondary mb-2">
        Points from the order price attached to new orders as the stop loss and target (a sell&apos;s stop is above its
        price). Leave empty for none.
      </p>
      <div className="row g-2">
        <Form.Group className="col-6" controlId="setting-stop-points">
          <Form.Label className="small mb-1">StopLoss Points</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={0}
            step={0.05}
            value={stop}
            onChange={(e) => setStop(e.currentTarget.value)}
          />
        </Form.Group>
        <Form.Group className="col-6" controlId="setting-target-points">
          <Form.Label className="small mb-1">Target Points</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={0}
            step={0.05}
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
          />
        </Form.Group>
      </div>
      {bad && <p className="small text-danger mb-0">Points must be 0 or more.</p>}
      <Button type="submit" size="sm" className="mt-2" disabled={pending || bad}>
        Save General Setting
      </Button>
    </Form>
  );
}

function RmsSection({ account }: { account: BrokerAccount }) {
  const settings = useRiskSettings(account.id);
  return (
    <section aria-labelledby="rms-title">
      <h2 id="rms-title" className="h5">
        RMS Setting
      </h2>
      <BookState loading={settings.isPending} error={settings.error} empty={false} emptyText="" />
      {settings.data !== undefined && <RmsForm key={account.id} account={account} settings={settings.data} />}
    </section>
  );
}

function RmsForm({ account, settings }: { account: BrokerAccount; settings: RiskSettings }) {
  const text = (value: number | null) => (value === null ? '' : String(value));
  const [lossLimit, setLossLimit] = useState(text(settings.dailyLossLimit));
  const [maxLots, setMaxLots] = useState(text(settings.maxLotsPerOrder));
  const queryClient = useQueryClient();
  const parse = (value: string) => (value.trim() === '' ? null : Number(value));
  const limit = parse(lossLimit);
  const lots = parse(maxLots);
  const bad =
    (limit !== null && (!Number.isFinite(limit) || limit <= 0)) ||
    (lots !== null && (!Number.isInteger(lots) || lots < 1));
  const save = useMutation({
    mutationFn: () => saveRiskSettings({ brokerId: account.id, dailyLossLimit: limit, maxLotsPerOrder: lots }),
    onSuccess: () => {
      toast.success('Risk settings saved.');
      void invalidateTrading(queryClient, account.id);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!bad) save.mutate();
      }}
    >
      <div className="row g-2">
        <Form.Group className="col-6" controlId="rms-daily-loss">
          <Form.Label className="small mb-1">RMS Limit (daily loss, ₹)</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            step={1}
            placeholder="None"
            value={lossLimit}
            onChange={(e) => setLossLimit(e.currentTarget.value)}
          />
        </Form.Group>
        <Form.Group className="col-6" controlId="rms-max-lots">
          <Form.Label className="small mb-1">Max lots per order</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min={1}
            step={1}
            placeholder="None"
            value={maxLots}
            onChange={(e) => setMaxLots(e.currentTarget.value)}
          />
        </Form.Group>
      </div>
      <p className="small text-body-secondary mt-2 mb-2">
        A loss of the RMS limit or more in a day blocks new orders on this account. The same settings are on Risk
        Settings.
      </p>
      {bad && (
        <p className="small text-danger mb-2">The limit must be above 0 and the lots a whole number of 1 or more.</p>
      )}
      <Button type="submit" size="sm" disabled={save.isPending || bad}>
        Save RMS Setting
      </Button>
    </Form>
  );
}
