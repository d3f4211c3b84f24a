/** `/api/v1/brokers/{id}`: the root of one account's trading routes (spec §7). */
export function brokerPath(brokerId: string, rest = ''): string {
  return `/api/v1/brokers/${encodeURIComponent(brokerId)}${rest}`;
}

/** Query key prefix of everything about one account's trading (orders, positions, funds, margins, logs). */
export function tradingKey(brokerId: string) {
  return ['trading', brokerId] as const;
}
