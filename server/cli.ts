import { ConfigError, loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { OperatorError } from './ops/operator-ops';
import { planCommand, USAGE, UsageError } from './cli/cli-commands';

/** Operator commands against the configured database (DATA_DIR or DATABASE_URL). */
async function main(argv: string[]): Promise<number> {
  let run: ReturnType<typeof planCommand>;
  try {
    run = planCommand(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) process.stderr.write(`${error.message}\n\n`);
      process.stderr.write(USAGE);
      return error.message ? 2 : 0;
    }
    throw error;
  }
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(db);
    await run(db, (line) => process.stdout.write(`${line}\n`));
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof OperatorError || error instanceof ConfigError;
    process.stderr.write(`${known ? error.message : `Failed: ${(error as Error).message}`}\n`);
    process.exit(1);
  },
);
