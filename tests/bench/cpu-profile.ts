import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One line of a profile summary: where the time went, its self time and its share of the busy time. */
export type ProfileLine = { name: string; selfMs: number; share: number };
export type ProfileSummary = { busyMs: number; idleMs: number; frames: ProfileLine[]; areas: ProfileLine[] };

type CallFrame = { functionName: string; url: string; lineNumber: number };
type CpuProfile = { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: a package, Node itself, V8's own work, or our bundled server. */
function areaOf({ url, functionName }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes('dist-server/')) return 'our server';
  return path.basename(url);
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\/.*?node_modules\//, '')
    .replace(/^file:\/\/.*?dist-server\//, 'dist-server/')
    .replace(/^node:/, 'node:');

/**
 * Self time per frame and per area of the one `.cpuprofile` Node wrote into `dir` (`--cpu-prof`):
 * the busy time excludes `(idle)`, so shares say where the working time went.
 */
export function summarizeProfile(dir: string, top = 12): ProfileSummary {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length !== 1) throw new Error(`expected one CPU profile in ${dir}, found ${files.length}`);
  const profile = JSON.parse(readFileSync(path.join(dir, files[0]), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const frames = new Map<string, number>();
  const areas = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)!;
    if (frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    const key = frame.url
      ? `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`
      : frame.functionName;
    frames.set(key, (frames.get(key) ?? 0) + ms);
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + ms);
  });
  if (busyMs <= 0) throw new Error(`the CPU profile in ${dir} holds no busy samples`);
  const lines = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, selfMs]) => ({
        name,
        selfMs: Math.round(selfMs),
        share: Math.round((selfMs / busyMs) * 1000) / 10,
      }));
  return { busyMs: Math.round(busyMs), idleMs: Math.round(idleMs), frames: lines(frames), areas: lines(areas) };
}
