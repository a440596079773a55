import pino, { type Logger, type DestinationStream } from 'pino';

export type { Logger };

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: ['password', '*.password', 'variables.password', 'headers.cookie', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
