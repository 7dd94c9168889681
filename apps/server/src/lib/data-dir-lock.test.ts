import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('the data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees the directory on release', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    // A live process other than us holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(/is in use by another running instance/);
    } finally {
      holder.kill();
      await new Promise((r) => holder.once('exit', r));
    }
    // The holder is gone: its lock is stale and is taken over.
    const release = lockDataDir(dir);
    release();
    lockDataDir(dir)();
  });
});
