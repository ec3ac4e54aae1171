import http from 'node:http';
import { eventReader } from './sse';

/** One answer as the process tests read it, with the worker that gave it (`x-nibras-worker`). */
export interface Answer {
  status: number;
  worker: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  json: () => any;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  type?: string;
  headers?: Record<string, string>;
}

/** One request to a server process on 127.0.0.1, over `agent` (a kept-alive connection pins it to a worker). */
export function call(port: number, agent: http.Agent | false, method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  const body = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body;
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (body) {
    headers['content-type'] = opts.json !== undefined ? 'application/json' : opts.type!;
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, worker: res.headers['x-nibras-worker'] as string | undefined, headers: res.headers, body: data, json: () => JSON.parse(data.toString()) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A user's event stream on its own connection (whichever worker takes it); `next` waits for a matching event. */
export function openStream(port: number, role: string, token: string) {
  return new Promise<{ worker: string; next: (event: string, timeoutMs?: number) => Promise<string>; seen: (event: string) => string[]; ended: () => boolean; close: () => void }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: `/api/${role}/message/stream`, agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      const events = eventReader();
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => events.push(chunk));
      res.on('error', () => undefined);
      res.on('close', () => (ended = true));
      const next = (event: string, timeoutMs = 5000) => events.next((e) => e.event === event, timeoutMs).then((e) => e.data);
      resolve({ worker: String(res.headers['x-nibras-worker']), next, seen: (event: string) => events.seen.filter((e) => e.event === event).map((e) => e.data), ended: () => ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
