import { ConfigError, loadConfig } from './config';
import { startServer } from './boot';

try {
  const config = loadConfig();
  const app = await startServer(config);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  // Misconfiguration and start-up failures: one clear line, non-zero exit.
  const message = error instanceof ConfigError ? error.message : `Failed to start: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
