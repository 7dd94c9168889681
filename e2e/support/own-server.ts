import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export type OwnServer = { baseURL: string; stop(): Promise<void> };

/**
 * A server of the journey's own, on the embedded database with the demo data, for a journey that must
 * really lose it: Chromium's offline emulation does not reach a service worker's own requests, and
 * stopping the shared server would fail every other journey.
 */
export async function startOwnServer(port: number): Promise<OwnServer> {
  const dataDir = `/tmp/recytrade-e2e-own-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The journey's own server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseURL}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('The journey’s own server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
