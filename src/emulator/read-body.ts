import type { IncomingMessage } from 'node:http';

/** Returned for a body over the limit. The body is still read to its end, so the keep-alive connection stays usable. */
export const TOO_LARGE = Symbol('too large');

/** The request body, or TOO_LARGE once it exceeds `maxBytes` (bytes beyond the limit are not kept). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? TOO_LARGE : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
