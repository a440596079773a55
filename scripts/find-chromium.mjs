// Finds Debian's Chromium for Playwright; installs it with apt-get when missing and running as root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium not found at ${candidate}: install it with "sudo apt-get install chromium" or set CHROMIUM_PATH.`,
    );
  }
  process.stdout.write("Chromium is missing: installing Debian's chromium with apt-get…\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-liberation'],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed: install chromium by hand or set CHROMIUM_PATH.`);
  }
  if (!existsSync('/usr/bin/chromium')) throw new Error('apt-get finished but /usr/bin/chromium is still missing.');
  return '/usr/bin/chromium';
}
