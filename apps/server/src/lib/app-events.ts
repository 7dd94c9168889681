/**
 * Events one module announces and others react to. The emitting module declares each event's payload
 * by augmenting `AppEvents` next to the code that emits it:
 *
 *   declare module '../../lib/app-events.ts' {
 *     interface AppEvents { 'listing.changed': { listingId: string } }
 *   }
 *
 * so a listener needs neither the emitter's face nor a place in the start-up order.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the emitting modules.
export interface AppEvents {}

export type AppEventName = keyof AppEvents;
export type AppEventHandler<K extends AppEventName> = (payload: AppEvents[K]) => Promise<void>;

export type AppEventBus = {
  on<K extends AppEventName>(name: K, handler: AppEventHandler<K>): void;
  /** Runs every handler of the event, side by side; the first failure rejects (the emitter decides). */
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): Promise<void>;
};

export function createAppEventBus(): AppEventBus {
  const handlers = new Map<AppEventName, Array<(payload: never) => Promise<void>>>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as (payload: never) => Promise<void>]);
    },
    async emit(name, payload) {
      await Promise.all((handlers.get(name) ?? []).map((handle) => handle(payload as never)));
    },
  };
}
