/**
 * A text frame of Kite's ticker: an order update (the postback payload of an order placed with the app's key),
 * an error reported by the ticker, a broadcast message, or a type this code does not know yet.
 */
export type KiteTextEvent =
  | { readonly kind: 'order'; readonly data: unknown }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'message'; readonly data: unknown }
  | { readonly kind: 'other'; readonly type: string; readonly data: unknown };

/** Decodes a text frame (`{"type":…,"data":…}`); null when it is not a JSON object with a string `type`. */
export function parseKiteText(text: string): KiteTextEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return null;
  switch (type) {
    case 'order':
      return { kind: 'order', data };
    case 'error':
      return { kind: 'error', message: typeof data === 'string' ? data : JSON.stringify(data ?? null) };
    case 'message':
      return { kind: 'message', data };
    default:
      return { kind: 'other', type, data };
  }
}
