import type { Agent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AttemptStop } from './attempt-stop.js';
import { ResponseTooLargeError } from './errors.js';
import type { AnswerHeaders } from './headers.js';

/**
 * One HTTP exchange over Node's own `node:http` / `node:https`: the one HTTP stack of every provider. It was chosen
 * over the global `fetch` (with or without an undici `Agent`) by measurement (docs/benchmarks.md): it loads in a
 * few milliseconds instead of 50–200, costs about a third of the CPU per request, and keeps no second copy of an
 * HTTP client in memory. nock intercepts `node:http`, so unit tests run this very code.
 *
 * An exchange resolves once the status and headers are in; its body is read (`read`) afterwards, so the rate-limit
 * scheduler sees the answer as soon as it comes. Redirects are never followed.
 */

/** A connection pool to one origin: keep-alive, at most `connections` sockets, idle ones closed after `idleMs`. */
export interface Pool {
  readonly agent: Promise<Agent>;
  close(): Promise<void>;
}

export function createPool(base: URL, connections: number, idleMs: number): Pool {
  // Loaded on first use: `https` pulls in TLS, which a run against a local http:// server never needs.
  const agent =
    base.protocol === 'https:'
      ? import('node:https').then(
          ({ Agent }) => new Agent({ keepAlive: true, maxSockets: connections, timeout: idleMs }),
        )
      : import('node:http').then(
          ({ Agent }) => new Agent({ keepAlive: true, maxSockets: connections, timeout: idleMs }),
        );
  // The pool is created with the transport; a failed import is reported by the request that waits for it.
  agent.catch(() => {});
  return {
    agent,
    close: () =>
      agent.then(
        (a) => a.destroy(),
        () => {},
      ),
  };
}

export interface ExchangeRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the exchange, headers and body alike; started (its timeout) when the request has its socket. */
  stop: AttemptStop;
}

export interface Exchange {
  status: number;
  headers: AnswerHeaders;
  /** The body as UTF-8 text; beyond `limit` bytes (declared or read), a ResponseTooLargeError, nothing more read. */
  read(limit: number, kind: string, label: { method: string; path: string }): Promise<string>;
}

// The modules' default export objects, kept once loaded (an `import()` per exchange costs a module-map lookup);
// `request` is looked up on them per exchange (below).
let httpModule: typeof import('node:http') | undefined;
let httpsModule: typeof import('node:https') | undefined;

async function http(): Promise<typeof import('node:http')> {
  httpModule ??= (await import('node:http')).default;
  return httpModule;
}

async function https(): Promise<typeof import('node:https')> {
  httpsModule ??= (await import('node:https')).default;
  return httpsModule;
}

export async function exchange(pool: Pool, url: URL, request: ExchangeRequest): Promise<Exchange> {
  const agent = await pool.agent;
  const { stop } = request;
  stop.throwIfStopped();
  // `request` looked up on the module object now: a named ESM export of a built-in is a copy taken when the module
  // was first imported, so it would miss a later replacement of `request` (nock's, in the tests).
  const send =
    url.protocol === 'https:'
      ? (httpsModule ?? (await https())).request
      : (httpModule ?? (await http())).request;
  const headers: Record<string, string> =
    request.body === undefined
      ? request.headers
      : { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) };
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, { method: request.method, headers, agent }, (answer) => {
      // Kept to the end: an answer destroyed before its body is read must not throw an unhandled 'error'.
      answer.on('error', ignore);
      stop.onStop((reason) => answer.destroy(reason));
      resolve(answer);
    });
    // Kept to the end too: a destroyed answer can make the request emit 'error' again (nock's does, twice).
    req.on('error', reject);
    // Sent once it has a socket: a request the pool holds until a connection is free is not timed yet.
    req.once('socket', () => stop.start());
    stop.onStop((reason) => req.destroy(reason));
    req.end(request.body);
  });
  return {
    status: res.statusCode ?? 0,
    headers: answerHeaders(res.headers),
    read: (limit, kind, label) => readBody(res, limit, kind, label),
  };
}

function ignore(): void {}

/** The body, by events into one buffer: no async iterator, no web stream. */
function readBody(
  res: IncomingMessage,
  limit: number,
  kind: string,
  label: { method: string; path: string },
): Promise<string> {
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (declared > limit) {
    res.destroy();
    return Promise.reject(new ResponseTooLargeError(label.method, label.path, kind, limit));
  }
  return new Promise((resolve, reject) => {
    if (res.errored) return reject(res.errored);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    res.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // Nothing more is read.
        fail(new ResponseTooLargeError(label.method, label.path, kind, limit));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.once('error', fail);
    res.once('end', () => {
      settled = true;
      resolve(
        chunks.length === 1
          ? (chunks[0]?.toString('utf8') ?? '')
          : Buffer.concat(chunks, size).toString('utf8'),
      );
    });
    // Closed before its end without an error (a destroyed answer): no body.
    res.once('close', () => fail(res.errored ?? new Error('the answer ended before its body was complete')));
  });
}

/** Node's header object (names lower-case) read through `get`, as a fetch `Headers` is: repeated values joined. */
function answerHeaders(raw: IncomingHttpHeaders): AnswerHeaders {
  return {
    get(name) {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
