import {
  PortfolioRiskSchema,
  RiskStateSchema,
  RuleListSchema,
  RuleViewSchema,
  type CreateRuleRequest,
  type PortfolioRisk,
  type PortfolioRiskSettings,
  type RiskState,
  type RuleList,
  type RuleView,
  type TradingMode,
  type UpdateRuleRequest,
} from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** `/api/v1/quiktrade/{accountId}`: the root of one account's QuikTrade risk routes. */
function quiktradePath(brokerId: string, rest: string): string {
  return `/api/v1/quiktrade/${encodeURIComponent(brokerId)}${rest}`;
}

/** Query key prefix of one account's QuikTrade risk data. */
export function quiktradeRiskKey(brokerId: string) {
  return ['quiktrade-risk', brokerId] as const;
}

/** How often the terminal re-reads the engine's state (MTM, stale-feed pause, day lock). */
export const RISK_STATE_REFRESH_MS = 2000;

/** `GET risk-state?mode=`: the engine's state for the terminal's badges. */
export function getRiskState(brokerId: string, mode: TradingMode, signal?: AbortSignal): Promise<RiskState> {
  return apiFetch(quiktradePath(brokerId, `/risk-state?mode=${mode}`), { schema: RiskStateSchema, signal });
}

/** `PUT portfolio-risk?mode=`: saves the portfolio MTM stop, target and trail (arming starts afresh). */
export function savePortfolioRisk(
  brokerId: string,
  mode: TradingMode,
  settings: PortfolioRiskSettings,
): Promise<PortfolioRisk> {
  return apiFetch(quiktradePath(brokerId, `/portfolio-risk?mode=${mode}`), {
    method: 'PUT',
    body: settings,
    schema: PortfolioRiskSchema,
  });
}

/** The engine's state of an account and mode, refreshed every {@link RISK_STATE_REFRESH_MS}. */
export function useRiskState(brokerId: string, mode: TradingMode) {
  return useQuery(
    queryOptions({
      queryKey: [...quiktradeRiskKey(brokerId), 'state', mode],
      queryFn: ({ signal }) => getRiskState(brokerId, mode, signal),
      refetchInterval: RISK_STATE_REFRESH_MS,
    }),
  );
}

/** `GET rules`: the account's rules (Pro). */
export function getRules(brokerId: string, signal?: AbortSignal): Promise<RuleList> {
  return apiFetch(quiktradePath(brokerId, '/rules'), { schema: RuleListSchema, signal });
}

/** `POST rules`: creates a rule. */
export function createRule(brokerId: string, rule: CreateRuleRequest): Promise<RuleView> {
  return apiFetch(quiktradePath(brokerId, '/rules'), { method: 'POST', body: rule, schema: RuleViewSchema });
}

/** `PUT rules/{id}`: arms, disarms or edits a rule. */
export function updateRule(brokerId: string, ruleId: string, change: UpdateRuleRequest): Promise<RuleView> {
  return apiFetch(quiktradePath(brokerId, `/rules/${encodeURIComponent(ruleId)}`), {
    method: 'PUT',
    body: change,
    schema: RuleViewSchema,
  });
}

/** `DELETE rules/{id}`. */
export function deleteRule(brokerId: string, ruleId: string): Promise<{ deleted: true }> {
  return apiFetch(quiktradePath(brokerId, `/rules/${encodeURIComponent(ruleId)}`), {
    method: 'DELETE',
    schema: z.object({ deleted: z.literal(true) }),
  });
}

/** The account's rules, refreshed while the panel is open (a rule fires on the server). */
export function useRules(brokerId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...quiktradeRiskKey(brokerId), 'rules'],
      queryFn: ({ signal }) => getRules(brokerId, signal),
      refetchInterval: 5000,
    }),
  );
}
