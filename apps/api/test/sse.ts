/** One server-sent event as a test reads it. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads a server-sent event stream as its chunks arrive (`push`), keeping every event seen;
 * `next(match)` resolves with the first seen event that matches, waiting for it when none has come
 * yet, and fails after `timeoutMs` naming what was seen.
 */
export function eventReader() {
  const seen: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  return {
    seen,
    push(chunk: string) {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) seen.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
        waiters.splice(0).forEach((w) => w());
      }
    },
    next(match: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; seen ${JSON.stringify(seen)}`)), timeoutMs);
        const check = () => {
          const found = seen.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}
