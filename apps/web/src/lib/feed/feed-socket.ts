/** What a feed connection needs to hear from its socket. */
export interface FeedSocketHandlers {
  onOpen(): void;
  /** A text frame. */
  onMessage(text: string): void;
  /** The socket closed (or failed to open), with the WebSocket close code. */
  onClose(code: number): void;
}

/** The little of a WebSocket the feed client uses, so it runs over the browser's socket or Node's `ws` alike. */
export interface FeedSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** Opens a socket to `url` reporting to `handlers`. */
export type CreateFeedSocket = (url: string, handlers: FeedSocketHandlers) => FeedSocket;

/** Minimal shape of a standard `WebSocket` (the browser's, or `ws`'s, which implements the same event API). */
export interface StandardWebSocket {
  // `never` parameters accept the DOM's and `ws`'s own event types; the factory assigns handlers that read only
  // `data` and `code`, which both provide.
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A `CreateFeedSocket` over any constructor of standard WebSockets (`globalThis.WebSocket`, or `ws`'s). */
export function standardSocketFactory(open: (url: string) => StandardWebSocket): CreateFeedSocket {
  return (url, handlers) => {
    const socket = open(url);
    socket.onopen = () => handlers.onOpen();
    socket.onmessage = (event: { data: unknown }) => {
      // The feed speaks JSON text frames only; anything else is a protocol error the client logs.
      handlers.onMessage(typeof event.data === 'string' ? event.data : '');
    };
    // A failed connection also ends in `close` (code 1006), which reports it. `error` still needs a listener: Node's
    // `ws` throws an error event nobody listens to (closing a socket that is still connecting emits one).
    socket.onerror = () => undefined;
    socket.onclose = (event: { code: number }) => handlers.onClose(event.code);
    return {
      send: (text) => socket.send(text),
      close: (code, reason) => socket.close(code, reason),
    };
  };
}
