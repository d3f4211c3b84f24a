import type { BrokerAccount, RiskSettings } from '@fnodesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { invalidateTrading, saveRiskSettings, useRiskSettings } from '../api/risk-settings';
import { BookState, TradingPageFrame } from './trading-page-frame';

/** /risk-setting: the spec §3 risk settings of each account, which the order window's read-out uses. */
export function RiskSettingsScreen() {
  return (
    <TradingPageFrame title="Risk Settings">
      {(account) => <RiskBody key={account.id} account={account} />}
    </TradingPageFrame>
  );
}

const FIELDS = [
  ['maxPositions', 'Max positions', '1'],
  ['riskPercentagePerTrade', 'Risk % per trade', '0.1'],
  ['idealRewardToRisk', 'Ideal reward to risk', '0.1'],
  ['riskPerTradeAmount', 'Risk per trade (₹)', '1'],
] as const;

function RiskBody({ account }: { account: BrokerAccount }) {
  const settings = useRiskSettings(account.id);
  return (
    <>
      <BookState loading={settings.isPending} error={settings.error} empty={false} emptyText="" />
      {settings.data !== undefined && <RiskForm account={account} settings={settings.data} />}
    </>
  );
}

function RiskForm({ account, settings }: { account: BrokerAccount; settings: RiskSettings }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map(([key]) => [key, String(settings[key])])),
  );
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      saveRiskSettings({
        brokerId: account.id,
        ...Object.fromEntries(FIELDS.map(([key]) => [key, Number(values[key])])),
      }),
    onSuccess: () => {
      toast.success('Risk settings saved.');
      void invalidateTrading(queryClient, account.id);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Form
      style={{ maxWidth: '28rem' }}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {FIELDS.map(([key, label, step]) => (
        <Form.Group key={key} className="mb-2" controlId={`risk-${key}`}>
          <Form.Label className="small mb-1">{label}</Form.Label>
          <Form.Control
            size="sm"
            type="number"
            min="0"
            step={step}
            value={values[key] ?? ''}
            onChange={(event) => setValues((old) => ({ ...old, [key]: event.currentTarget.value }))}
          />
        </Form.Group>
      ))}
      <p className="small text-body-secondary">Positions taken: {settings.positionsTaken}</p>
      <Button type="submit" size="sm" disabled={save.isPending}>
        Save
      </Button>
    </Form>
  );
}
