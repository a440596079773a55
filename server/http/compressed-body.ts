import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers smaller than this go as they are: below a packet or two, compressing saves nothing. */
const COMPRESS_FROM_BYTES = 1024;
/** Brotli at quality 4: about 0.4 ms for the rates calendar's 294 kB answer, which it takes to 1.6 kB. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings a request's Accept-Encoding allows (a `q=0` entry refuses one). */
function accepted(req: IncomingMessage): Set<string> {
  const out = new Set<string>();
  for (const entry of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = entry.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/** What is compressed: JSON answers and the pages the server draws (their markup and the reads they came with). */
const COMPRESSED_TYPE = /json|text\/html/;

/**
 * A JSON answer's body, or a drawn page's, as the client can take it. A rates calendar or a long
 * list is hundreds of kilobytes of JSON (and its drawn page as much markup), which a phone on a slow
 * network waits seconds for; Brotli (or gzip) brings it to a few, in libuv's thread pool, off the
 * event loop. Safe from BREACH (someone reflecting their input beside a user's data and watching the
 * sizes): the CSRF guard admits no cross-site request to /graphql, and a page is drawn only for the
 * session's cookies, which are SameSite=Strict, so never for a request another site starts; neither
 * holds a secret token. `headers` gains Content-Encoding, Vary whenever the size made it matter, and
 * the Content-Length of what is sent: without it Node sends the answer chunked (the caller has
 * written the head itself), which costs both ends a frame per answer.
 */
export async function encodedBody(
  req: IncomingMessage,
  headers: Record<string, string | string[]>,
  body: Buffer | string,
): Promise<Buffer> {
  const sent = await encoded(req, headers, typeof body === 'string' ? Buffer.from(body) : body);
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
  headers['content-length'] = String(sent.length);
  return sent;
}

async function encoded(
  req: IncomingMessage,
  headers: Record<string, string | string[]>,
  body: Buffer,
): Promise<Buffer> {
  const size = body.length;
  const type = String(headers['content-type'] ?? headers['Content-Type'] ?? '');
  if (size < COMPRESS_FROM_BYTES || !COMPRESSED_TYPE.test(type) || headers['content-encoding']) return body;
  const varyKey = Object.keys(headers).find((name) => name.toLowerCase() === 'vary') ?? 'vary';
  headers[varyKey] = headers[varyKey] ? `${headers[varyKey]}, Accept-Encoding` : 'Accept-Encoding';
  const can = accepted(req);
  if (can.has('br')) {
    headers['content-encoding'] = 'br';
    return brotli(body, BROTLI);
  }
  if (can.has('gzip')) {
    headers['content-encoding'] = 'gzip';
    return gzip(body);
  }
  return body;
}
