import { request } from 'node:http';

/** An answer of the server: the HTTP status and the parsed JSON body. */
export interface HttpAnswer {
  status: number;
  body: { code?: number; data?: unknown; error?: string; errorCode?: string };
}

/** One call: method, path, and optionally headers and a JSON body. */
export type HttpCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options?: { headers?: Record<string, string>; body?: unknown },
) => Promise<HttpAnswer>;

/**
 * A JSON client of the server at `base` for process tests. Every call opens a connection of its own and closes it
 * with the answer (no keep-alive pool), so between calls the test holds no socket to the server: what the server
 * does then, it does with no client connected.
 */
export function httpClient(base: string): HttpCall {
  return (method, path, options = {}) =>
    new Promise((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = request(
        new URL(path, base),
        {
          method,
          agent: false,
          headers: {
            connection: 'close',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...options.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as HttpAnswer['body'] });
            } catch {
              reject(new Error(`${method} ${path}: ${res.statusCode} answered no JSON: ${text.slice(0, 200)}`));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}
