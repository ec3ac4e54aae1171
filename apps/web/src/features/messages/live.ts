import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageRoutesFor, type Role } from '@nibras/contract';
import { buildUrl, requestHeaders, tokenFor } from '../../lib/http';
import { notificationKeys } from '../notifications/public';
import { messageKeys } from './api';

export interface StreamHandlers {
  /** The stream is open and the server listens: refetch what may have been missed. */
  onReady: () => void;
  onEvent: (event: string, data: string) => void;
}

/**
 * Reads the role's server-sent events with fetch: EventSource cannot send the bearer header, and
 * the token never goes into a URL (docs/messages.md). Reconnects with backoff (1 s doubling to
 * 30 s, with jitter) until stopped; every (re)connection calls onReady.
 */
export function openMessageStream(role: Role, language: () => string, handlers: StreamHandlers): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let delay = 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    const def = messageRoutesFor[role].stream;
    try {
      const token = tokenFor(def);
      const response = await fetch(buildUrl(def.path), {
        headers: { ...requestHeaders(language(), token, false), Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (event === 'ready') {
            delay = 1000;
            handlers.onReady();
          } else if (event) handlers.onEvent(event, data);
        }
      }
    } catch {
      // A network failure, a refused token (the session layer deals with it) or a stop.
    }
    if (stopped) return;
    const wait = delay * (0.75 + Math.random() / 2);
    delay = Math.min(delay * 2, 30_000);
    timer = setTimeout(() => void connect(), wait);
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}

/** Keeps the role's message queries (list, open thread, header badge) and its bell current while the area is open. */
export function useMessageLive(role: Role, language: string, signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.role(role) });
    // The bell's count and list (docs/notifications.md) come over the same stream.
    const refreshBell = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.role(role) });
    return openMessageStream(role, () => language, {
      onReady: () => {
        refresh();
        refreshBell();
      },
      // A message makes its recipient's bell notification without an event of its own: refresh both.
      onEvent: (event) => {
        if (event !== 'notification') refresh();
        if (event !== 'read') refreshBell();
      },
    });
  }, [queryClient, role, language, signedIn]);
}
