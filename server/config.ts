import { z } from 'zod';

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be a whole number from 0 to 65535');

const positiveInt = z.string().regex(/^\d+$/, 'must be a positive whole number').transform(Number);

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}, 'each origin must look like https://host[:port] with no path');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url('must be a URL')
    .refine((v) => protocols.includes(new URL(v).protocol), `must start with ${protocols.join(' or ')}//`)
    .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    /** Where the LISTEN connection goes when DATABASE_URL is a transaction pooler (LISTEN needs a session of its own). */
    DATABASE_LISTEN_URL: optionalUrl(['postgres:', 'postgresql:']),
    /** false behind a pooler that cannot keep named prepared statements (PgBouncer in transaction mode before 1.21). */
    DATABASE_PREPARED_STATEMENTS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
      )
      .pipe(z.array(origin).optional()),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().email('must be an email address').default('no-reply@extranet.example'),
    LEGACY_APP_URL: optionalUrl(['http:', 'https:']),
    /** Error reporting (Sentry's SDKs): the server's DSN, and the portal's public one; off when unset. */
    SENTRY_DSN: optionalUrl(['https:', 'http:']),
    PUBLIC_SENTRY_DSN: optionalUrl(['https:', 'http:']),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAX_UPLOAD_BYTES: positiveInt.default(10 * 1024 * 1024),
    MAX_UPLOAD_FILES: positiveInt.default(10),
    MAX_BODY_BYTES: positiveInt.default(1024 * 1024),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    ANTISPAM_PROVIDER: z.enum(['altcha', 'off']).default('altcha'),
    ANTISPAM_COST: positiveInt.default(2000),
    ANTISPAM_MAX_COUNTER: positiveInt.default(2000),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z.string().url('must be a URL').default('https://www.google.com/recaptcha/api/siteverify'),
    SUPPORT_EMAIL: z.string().email('must be an email address').optional(),
    SUPPORT_PHONE: z.string().min(3).max(40).optional(),
    SUPPORT_HOURS: z.string().min(3).max(120).optional(),
    HOTEL_SITES: z.string().optional(),
    /** Behind a proxy that sets X-Forwarded-For: count sign-in failures per client address it names. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    NODE_ENV_SET: z.boolean().default(false),
    /** demo: a local try-out with the README's demo accounts; production: demo data only when asked for, with its own secrets. */
    DEPLOYMENT: z.enum(['demo', 'production']).optional(),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  })
  .refine((env) => Boolean(env.RECAPTCHA_SECRET) === Boolean(env.RECAPTCHA_SITE_KEY), {
    message: 'and RECAPTCHA_SITE_KEY must be set together',
    path: ['RECAPTCHA_SECRET'],
  })
  .transform((env) => ({
    ...env,
    ...deploymentOf(env),
    ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? defaultOrigins(env.PORT),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    isProduction: env.NODE_ENV === 'production',
  }));

export type Config = z.output<typeof envSchema>;

/**
 * A deployment is production when it says so (DEPLOYMENT=production) or when NODE_ENV=production is
 * set explicitly without DEPLOYMENT=demo (`npm start` and the tests' servers run as demo). In
 * production, demo data is off unless SEED_DEMO_DATA=true asks for it, and then its passwords and
 * booking key are generated (written once to DATA_DIR/demo-credentials.txt), never the README's.
 */
function deploymentOf(env: { DEPLOYMENT?: 'demo' | 'production'; SEED_DEMO_DATA?: boolean; NODE_ENV_SET?: boolean }) {
  const deployment = env.DEPLOYMENT ?? (env.NODE_ENV_SET ? 'production' : 'demo');
  return { DEPLOYMENT: deployment, SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? deployment === 'demo' };
}

function defaultOrigins(p: number): string[] {
  const ports = [p, 5173];
  return ports.flatMap((n) => [`http://localhost:${n}`, `http://127.0.0.1:${n}`]);
}

export class ConfigError extends Error {}

/** Reads the environment once; any bad value is reported in a single line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(envSchema.in.shape);
  const picked = Object.fromEntries(known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  // Whether NODE_ENV=production was chosen, not defaulted, decides the deployment when DEPLOYMENT is unset.
  const result = envSchema.safeParse({ ...picked, NODE_ENV_SET: env.NODE_ENV === 'production' });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const got = picked[key] === undefined ? '' : ` (got ${JSON.stringify(picked[key])})`;
      return `${key} ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.data;
}
