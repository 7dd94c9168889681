import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Outcome toasts, with sonner fetched only when the page is idle or the first toast is raised: it is
 * 10 KB the first paint does not need. The calls are sonner's (`toast.success(title, { description })`);
 * each returns its id at once, and a toast raised before the Toaster is on the page waits for it.
 */
type Sonner = typeof import('sonner');
type Kind = 'message' | 'success' | 'info' | 'warning' | 'error';
type Title = Parameters<typeof sonnerToast>[0];
type ToastId = string | number;

let sonnerModule: Promise<Sonner> | undefined;
export const loadSonner = () => {
  sonnerModule ??= import('sonner');
  return sonnerModule;
};

let markToasterMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});
/** Called by the Toaster once sonner listens: a toast raised before would be lost. */
export const toasterIsListening = () => markToasterMounted();

const wantedListeners = new Set<() => void>();
let wanted = false;
/** The Toaster mounts once a toast is wanted (or the page is idle). */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}
export function onToasterRequested(listener: () => void): () => void {
  if (wanted) listener();
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

// One chain, so a dismiss never overtakes the toast it dismisses.
let ready: Promise<Sonner['toast']> | undefined;
function whenReady(): Promise<Sonner['toast']> {
  requestToaster();
  ready ??= Promise.all([loadSonner(), toasterMounted]).then(([sonner]) => sonner.toast);
  return ready;
}

let lastId = 0;
function show(kind: Kind, title: Title, options?: ExternalToast): ToastId {
  const id = options?.id ?? `toast-${++lastId}`;
  void whenReady().then((sonner) => {
    const raise = kind === 'message' ? sonner : sonner[kind];
    raise(title, { ...options, id });
  });
  return id;
}

export const toast = Object.assign(
  (title: Title, options?: ExternalToast) => show('message', title, options),
  {
    success: (title: Title, options?: ExternalToast) => show('success', title, options),
    info: (title: Title, options?: ExternalToast) => show('info', title, options),
    warning: (title: Title, options?: ExternalToast) => show('warning', title, options),
    error: (title: Title, options?: ExternalToast) => show('error', title, options),
    dismiss: (id?: ToastId) => {
      if (!ready) return;
      void ready.then((sonner) => sonner.dismiss(id));
    },
  },
);
