/**
 * The embedded default's start: how long `node apps/server/src/server.ts` takes to answer /api/health
 * and how much memory it holds once idle, from an empty data directory (cold) and again on the same
 * directory (warm).
 *
 * Usage: node bench/startup-benchmark.ts [--runs=3] [--idle=5] [--settle=0] [--port=3461] [--server-root=DIR]
 *   --server-root runs another checkout's server (before/after comparisons in the same minutes).
 *   --settle=90 reads VmRSS once more 90 s after healthy: V8 and the C library give memory back to the
 *   system over the first minute or two of idleness.
 *   Each run: a new scratch directory under the system's temporary directory; the server started as its
 *   own process on it (PGlite, demo data, no DATABASE_URL), polled every 25 ms until /api/health answers
 *   200, left idle for --idle seconds, its VmRSS and VmHWM read from /proc/<pid>/status, then stopped
 *   with SIGTERM; then the same again on that directory. Medians are printed over the runs, with the
 *   server's own phase timings when it logs them (the "started" line).
 *   DATABASE_URL in the environment is passed on, to compare with PostgreSQL (the data is seeded once).
 *   Node runs with the flags of `npm start` (the root package.json's start script), as an operator runs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const RUNS = Number(args.get('runs') ?? 3);
const IDLE_SECONDS = Number(args.get('idle') ?? 5);
const SETTLE_SECONDS = Number(args.get('settle') ?? 0);
const PORT = Number(args.get('port') ?? 3461);
const ROOT = path.resolve(
  args.get('server-root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const SERVER = path.join(ROOT, 'apps/server/src/server.ts');
const TIMEOUT_MS = 120_000;
/**
 * The environment (the C library's allocator settings) and node flags (`--max-semi-space-size`, ...)
 * `npm start` gives the server, read from its script.
 */
const { env: START_ENV, flags: START_FLAGS } = startScriptCommand();

function startScriptCommand(): { env: Record<string, string>; flags: string[] } {
  const manifest = path.join(ROOT, 'package.json');
  const script: string = JSON.parse(readFileSync(manifest, 'utf8')).scripts.start;
  const command = script.match(
    /((?:\b[A-Z_]+=\S+ )*)node ((?:--?[\w-]+(?:=\S+)? )*)apps\/server\/src\/server\.ts/,
  );
  if (!command) throw new Error(`the start script does not run apps/server/src/server.ts: ${script}`);
  const env = Object.fromEntries(
    command[1]
      .split(' ')
      .filter(Boolean)
      .map((assignment) => assignment.split('=') as [string, string]),
  );
  return { env, flags: command[2].split(' ').filter(Boolean) };
}

type Start = {
  healthyMs: number;
  /** CPU time (user + system) the server spent until healthy: steadier than wall time on a busy machine. */
  cpuMs: number;
  rssMb: number;
  hwmMb: number;
  /** VmRSS --settle seconds after healthy; null without --settle. */
  settledRssMb: number | null;
  phases: Record<string, number>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function readMemoryMb(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** User + system CPU time of a process so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function isHealthy(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** The phase timings the server logs once it listens (`{"msg":"started","phases":{...}}`). */
function parsePhases(output: string): Record<string, number> {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; phases?: Record<string, number> };
      if (entry.msg === 'started' && entry.phases) return entry.phases;
    } catch {}
  }
  return {};
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [...START_FLAGS, SERVER], {
    env: { ...process.env, ...START_ENV, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    while (!(await isHealthy())) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`not healthy after ${TIMEOUT_MS} ms`);
      await sleep(25);
    }
    const healthyMs = performance.now() - started;
    if (child.pid === undefined) throw new Error('the server has no pid');
    const cpuMs = readCpuMs(child.pid);
    await sleep(IDLE_SECONDS * 1000);
    const memory = readMemoryMb(child.pid);
    let settledRssMb: number | null = null;
    if (SETTLE_SECONDS > IDLE_SECONDS) {
      await sleep((SETTLE_SECONDS - IDLE_SECONDS) * 1000);
      settledRssMb = readMemoryMb(child.pid).rssMb;
    }
    return { healthyMs, cpuMs, ...memory, settledRssMb, phases: parsePhases(output) };
  } finally {
    await stop(child);
  }
}

function report(label: string, starts: Start[]) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const each = starts.map((r) => s(r.healthyMs)).join(', ');
  console.log(
    `${label}: healthy after ${s(median(starts.map((r) => r.healthyMs)))} (${each}), CPU ${s(
      median(starts.map((r) => r.cpuMs)),
    )}; idle VmRSS ${mb(
      median(starts.map((r) => r.rssMb)),
    )}, VmHWM ${mb(median(starts.map((r) => r.hwmMb)))}${
      SETTLE_SECONDS > IDLE_SECONDS
        ? `; VmRSS ${SETTLE_SECONDS} s after healthy ${mb(median(starts.map((r) => r.settledRssMb ?? 0)))}`
        : ''
    }`,
  );
  const names = [...new Set(starts.flatMap((r) => Object.keys(r.phases)))];
  if (names.length > 0) {
    const phases = names.map((n) => `${n} ${s(median(starts.map((r) => r.phases[n] ?? 0)))}`);
    console.log(`  phases (median): ${phases.join(', ')}`);
  }
}

async function main() {
  if (await isHealthy()) throw new Error(`something already answers on port ${PORT}`);
  const cold: Start[] = [];
  const warm: Start[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'recytrade-startup-bench-'));
    try {
      cold.push(await startOnce(dir));
      warm.push(await startOnce(dir));
      console.log(
        `run ${run}: cold ${(cold.at(-1)?.healthyMs ?? 0).toFixed(0)} ms, warm ${(warm.at(-1)?.healthyMs ?? 0).toFixed(0)} ms`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${RUNS} runs, idle ${IDLE_SECONDS} s; node ${process.version} ${START_FLAGS.join(' ')} ${Object.entries(
      START_ENV,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}, ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(`server: ${SERVER}`);
  report('cold (empty data directory)', cold);
  report('warm (same directory again)', warm);
}

await main();
