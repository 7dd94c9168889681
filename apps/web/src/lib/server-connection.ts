import { useSyncExternalStore } from 'react';

/**
 * Whether the last request found the server unable to answer (its database restarting, the server
 * down): the app then shows a retrying banner and keeps every state it has, the session included.
 * The API client sets it on each answer; any answer from a working server clears it.
 */
export type ConnectionState = 'online' | 'lost' | 'offline-copy';

function createServerConnection() {
  let state: ConnectionState = 'online';
  const listeners = new Set<() => void>();
  const set = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    // Offline, a failed request does not hide that the screen shows the last copies.
    markLost: () => set(state === 'offline-copy' ? state : 'lost'),
    markReachable: () => set('online'),
    /** The service worker answered with the last copy it kept (the device is offline). */
    markOfflineCopy: () => set('offline-copy'),
    isLost: () => state !== 'online',
    state: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const serverConnection = createServerConnection();

export function useServerConnectionLost(): boolean {
  return useSyncExternalStore(serverConnection.subscribe, serverConnection.isLost, () => false);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(serverConnection.subscribe, serverConnection.state, () => 'online');
}
