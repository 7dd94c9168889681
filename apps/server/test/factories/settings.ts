import type { Db } from '../../src/db/client.ts';
import { upsertSettings } from '../../src/modules/settings/settings.repository.ts';

/** Sets platform settings directly, as an administrator's save would, without an audit actor. */
export function setSettings(db: Db, rows: Array<{ key: string; value: unknown }>): Promise<void> {
  return upsertSettings(db, rows, null);
}
