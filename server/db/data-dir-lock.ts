import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

/** Another live process holds the PGlite directory: PGlite cannot share one, and two writers corrupt it. */
export class DataDirLockedError extends Error {
  constructor(
    dir: string,
    readonly pid: number,
  ) {
    super(
      `The database directory ${dir} is in use by process ${pid}; stop it first (or delete ${dir}.lock if that process is gone).`,
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dir>.lock`, holding this process's pid, or throws DataDirLockedError. A lock whose pid is
 * no longer running (a crash, a kill -9) is stale and taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' creates the file or fails if it exists, atomically: two starting processes cannot both win.
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      const release = () => {
        process.removeListener('exit', release);
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // released between our open and read: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner))
      throw new DataDirLockedError(dir, owner);
    rmSync(file, { force: true }); // stale (or unreadable, or our own from an earlier open in this process)
  }
  throw new Error(`Could not take the lock ${file}.`);
}
