import { RiskSettingsSchema, type RiskSettings, type UpdateRiskSettingsRequest } from '@fnodesk/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { tradingKey } from '../../../lib/trading/trading-paths';

/** `GET risksettings?brokerId=`: the account's risk settings (spec §3). */
export function getRiskSettings(brokerId: string, signal?: AbortSignal): Promise<RiskSettings> {
  return apiFetch(`/api/v1/risksettings?brokerId=${encodeURIComponent(brokerId)}`, {
    schema: RiskSettingsSchema,
    signal,
  });
}

/** `POST risksettings`: saves the fields given; the settings as stored. */
export function saveRiskSettings(change: UpdateRiskSettingsRequest): Promise<RiskSettings> {
  return apiFetch('/api/v1/risksettings', { method: 'POST', body: change, schema: RiskSettingsSchema });
}

/** Query options of an account's risk settings. */
export function riskSettingsQueryOptions(brokerId: string) {
  return queryOptions({
    queryKey: [...tradingKey(brokerId), 'risk-settings'],
    queryFn: ({ signal }) => getRiskSettings(brokerId, signal),
  });
}

/** An account's risk settings (not fetched without an account). */
export function useRiskSettings(brokerId: string | null) {
  return useQuery({ ...riskSettingsQueryOptions(brokerId ?? ''), enabled: brokerId !== null });
}

/** Marks everything about an account's trading for reloading (after an order event or an order sent). */
export function invalidateTrading(queryClient: QueryClient, brokerId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tradingKey(brokerId) });
}
