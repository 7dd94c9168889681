import type { ClientRealtimeEvent, ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import { useSyncExternalStore } from 'react';

export type RealtimeConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting';
type EventHandler = (event: ServerRealtimeEvent) => void;

const PATH = '/api/realtime';
const PING_INTERVAL_MS = 25_000;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/**
 * The server on this origin types every event it sends (the shared `ServerRealtimeEvent`), so the
 * browser checks only that a message is an event, as it trusts the API's answers (DECISIONS.md: the
 * browser parses only what people type). Handlers pick the types they know and ignore the rest.
 */
const isServerEvent = (data: unknown): data is ServerRealtimeEvent =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

/**
 * One WebSocket per tab to /api/realtime (same origin, cookie auth). A visitor's socket receives public
 * broadcasts only; the bridge reopens it when someone signs in or out, so the server sees the new cookie.
 * Between connect() and disconnect() it reconnects with capped exponential backoff plus jitter.
 */
function createRealtimeClient() {
  let socket: WebSocket | null = null;
  let state: RealtimeConnectionState = 'idle';
  let wanted = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  const handlers = new Set<EventHandler>();
  const stateListeners = new Set<() => void>();
  /** subscribeOpen's listeners, also called when the server says it lost events (`realtime.resync`). */
  const resyncListeners = new Set<() => void>();

  const setState = (next: RealtimeConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener();
  };

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    retryTimer = undefined;
    pingTimer = undefined;
  };

  const send = (event: ClientRealtimeEvent) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
  };

  const scheduleReconnect = () => {
    if (!wanted) return;
    setState('reconnecting');
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    retryTimer = setTimeout(open, delay);
  };

  function open() {
    if (!wanted || socket) return;
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${protocol}//${window.location.host}${PATH}`);
    socket = ws;
    setState(attempt === 0 ? 'connecting' : 'reconnecting');

    ws.addEventListener('open', () => {
      attempt = 0;
      setState('open');
      pingTimer = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
    });
    ws.addEventListener('message', (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (!isServerEvent(data)) return;
      if (data.type === 'realtime.resync') for (const listener of resyncListeners) listener();
      for (const handler of handlers) handler(data);
    });
    ws.addEventListener('close', () => {
      // A socket dropped by disconnect() (or already replaced) has nothing left to clean up.
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      scheduleReconnect();
    });
  }

  return {
    connect() {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      open();
    },
    disconnect() {
      wanted = false;
      clearTimers();
      const ws = socket;
      socket = null;
      ws?.close(1000, 'Closed by the client');
      setState('idle');
    },
    /** Receive every server event; returns the unsubscribe function. */
    subscribe(handler: EventHandler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    send,
    getState: () => state,
    subscribeState(listener: () => void) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    /**
     * Calls `listener` each time the socket opens, the first time included: events sent before it was
     * open (while the page loaded, or while it was reconnecting) never arrive, so data the events keep
     * current should be read again then. Also called when the server says it lost events on an open
     * socket (`realtime.resync`, after its database connection for realtime came back).
     */
    subscribeOpen(listener: () => void) {
      let previous = state;
      const onState = () => {
        if (state === 'open' && previous !== 'open') listener();
        previous = state;
      };
      stateListeners.add(onState);
      resyncListeners.add(listener);
      return () => {
        stateListeners.delete(onState);
        resyncListeners.delete(listener);
      };
    },
  };
}

export const realtimeClient = createRealtimeClient();

/** The connection state as React state (for a status dot, or to fall back to polling while offline). */
export function useRealtimeConnectionState() {
  return useSyncExternalStore(realtimeClient.subscribeState, realtimeClient.getState, () => 'idle' as const);
}
