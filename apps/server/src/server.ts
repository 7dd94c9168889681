/**
 * The server's entry. The module loader is tuned before the app's modules load (lib/module-loading.ts);
 * static imports would all load first, so the start itself is imported after.
 */
import { tuneModuleLoading } from './lib/module-loading.ts';

tuneModuleLoading();
await import('./start.ts');
