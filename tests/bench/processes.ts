import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type Running = { child: ChildProcess; startMs: number; stop: () => Promise<void> };

/** Every process started and not yet stopped, so a failed section can stop what it left running. */
const live = new Set<Running>();
export const stopAll = () => Promise.all([...live].map((r) => r.stop()));

/** Starts a Node entry (TypeScript through tsx) and waits until `ready` answers; returns how long that took. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  log: (line: string) => void,
  nodeArgs: string[] = [],
): Promise<Running> {
  const started = performance.now();
  const loader = /\.m?js$/.test(entry) ? [] : ['--import', 'tsx']; // built JavaScript runs on plain Node
  const child = spawn(
    process.execPath,
    [...nodeArgs, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...loader, entry],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${entry} did not start:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  log(`${entry} ready in ${Math.round(startMs)} ms`);
  const stop = () =>
    new Promise<void>((resolve) => {
      live.delete(running);
      // A process ended by a signal has signalCode set and exitCode still null: stopping it twice must not wait for an exit that came.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const running: Running = { child, startMs, stop };
  live.add(running);
  return running;
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const httpOk = (url: string) => async () => (await fetch(url)).ok;
