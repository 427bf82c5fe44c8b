// A bare HTTP client for the fuzz suite: node:http over one kept-alive connection to the app listening
// on the loopback, so a request goes out byte for byte as built (supertest would re-encode it).
import http from 'node:http';

export interface Sent {
  method: string;
  /** Path and query, already percent-encoded (latin-1 bytes allowed: they go out raw). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An answer that took longer than this is a failure too (a hung handler). */
const answerDeadlineMs = 30_000;

export function httpClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const send = (request: Sent): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const headers = { ...request.headers, ...(request.body ? { 'Content-Length': String(request.body.length) } : {}) };
      const outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent, timeout: answerDeadlineMs }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${answerDeadlineMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  return { send, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** name=value pairs of the Set-Cookie headers of an answer. */
export function setCookies(answer: Answer): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of answer.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
  }
  return cookies;
}

/** A Cookie header with the cookies an answer set replacing or joining those it had. */
export function withCookies(cookie: string, answer: Answer): string {
  const jar = new Map(cookie.split('; ').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  for (const [name, value] of setCookies(answer)) jar.set(name, value);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
