// The query key of the user's broker accounts lives at the bottom layer: the Broker List fetches them, and the
// terminal's multiplier control (a shared component) reloads them after a change.

/** Query key prefix of everything about the user's broker accounts. */
export const BROKERS_QUERY_KEY = ['brokers'] as const;

/** Query key of the list of the user's broker accounts (every status). */
export const BROKERS_LIST_QUERY_KEY = [...BROKERS_QUERY_KEY, 'list'] as const;
