import { useSyncExternalStore } from 'react';

/**
 * Whether the last request found the server unable to answer (its database restarting, the server
 * down): the app then shows a retrying banner and keeps every state it has, the session included.
 * The API client sets it on each answer; any answer from a working server clears it.
 */
function createServerConnection() {
  let lost = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === lost) return;
    lost = next;
    for (const listener of listeners) listener();
  };
  return {
    markLost: () => set(true),
    markReachable: () => set(false),
    isLost: () => lost,
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
