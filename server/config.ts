import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean | undefined) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/**
 * Which peers may tell the client's address and protocol (X-Forwarded-For, -Proto, -Host): nobody, the given
 * number of proxy hops nearest the server, or the proxies with these addresses, CIDR ranges or range names.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** The range names the proxy-address matcher knows (loopback: 127.0.0.0/8 and ::1). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return 'trusting every peer would let each client choose its own address; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1)';
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { hops } : `${value} proxy hops is more than ${MAX_HOPS}`;
  }
  const proxies = value.split(',').map((entry) => entry.trim());
  for (const entry of proxies) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxPrefix = version === 6 ? 128 : 32;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= maxPrefix);
    if (!version || !prefixOk || rest.length > 0) {
      return `"${entry}" is not a proxy: give a number of hops, or a comma-separated list of IP addresses, CIDR ranges (e.g. 10.0.0.0/8) or ${[...PROXY_RANGE_NAMES].join(', ')}`;
    }
  }
  return { proxies };
}

const PORT_RANGE = { error: 'must be a port number from 1 to 65535' };

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DISK_RESERVE_MB: z.coerce.number().int().min(0).default(200),
    DATABASE_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Math Academy <no-reply@math-academy.local>'),
    PUBLIC_URL: z.string().optional(),
    ADMIN_EMAIL: z.string().optional(),
    ACADEMY_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'must be an e-mail address' }))
      .optional()
      .or(z.literal('')),
    ADMIN_PASSWORD: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().trim().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
    STRIPE_API_URL: z.string().trim().optional(),
    CODE_SECRET: z
      .string()
      .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 32)' })
      .optional()
      .or(z.literal('')),
    SEED_DEMO: flag(undefined),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.string().url().optional().or(z.literal('')),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: flag(undefined),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed !== 'string') return parsed;
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }),
    API_DOCS: flag(undefined),
    GOOGLE_CLIENT_ID: z.string().trim().optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().optional(),
    GOOGLE_ISSUER: z
      .string()
      .trim()
      .url({ error: 'must be the provider address, e.g. https://accounts.google.com' })
      .optional()
      .or(z.literal('')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    METRICS_PORT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce.number(PORT_RANGE).int(PORT_RANGE).min(1, PORT_RANGE).max(65535, PORT_RANGE).optional(),
    ),
    // The figures name every route and its traffic, unauthenticated: reachable from this machine only unless a
    // private network's address is given.
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  })
  .superRefine((env, ctx) => {
    // Half a Google setting is a mistake made at deploy time: say so at the start rather than hide the button.
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${env.PORT}): the metrics listen on a port of their own, kept off the proxy`,
      });
    }
  });

/** The bucket that holds the uploads instead of DATA_DIR/uploads. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers want. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** An OpenID Connect provider people may sign in with (authorization code flow with PKCE). */
export interface OidcSettings {
  /** The issuer whose discovery document names the endpoints, e.g. https://accounts.google.com. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Stripe's keys, and where its API answers (a local stand-in in tests; unset: Stripe itself). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  api?: { protocol: 'http'; host: string; port: number };
}

/**
 * STRIPE_API_URL points the Stripe client at a stand-in on this machine (tests, the end-to-end run). Anything else is
 * ignored: a secret key must never be sent to an address other than Stripe's own by a mistyped variable.
 */
function localStripeApi(raw: string | undefined): StripeSettings['api'] {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname)) return undefined;
  return { protocol: 'http', host: url.hostname, port: Number(url.port || 80) };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Writes are refused while DATA_DIR's disk has less room than this, when the academy writes there; 0: never. */
  diskReserveBytes: number;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Where new booking requests are announced; unset: the contact e-mail of the academy's settings. */
  academyEmail?: string;
  /** Card payments through Stripe Checkout; unset: priced courses are paid at the academy. */
  stripe?: StripeSettings;
  /** The key e-mail codes are hashed with; unset: one made once in DATA_DIR (lib/code-key.ts). */
  codeSecret?: string;
  seedDemo: boolean;
  /** Unset: uploads in DATA_DIR/uploads. */
  s3?: S3Settings;
  trustProxy: TrustProxy;
  /** Serve the OpenAPI document and its viewer at /api/docs. */
  apiDocs: boolean;
  /** Unset: no "Sign in with Google". */
  google?: OidcSettings;
  logLevel: string;
  /** Unset: no metrics listener. */
  metricsPort?: number;
  /** The interface the metrics listen on; loopback by default. */
  metricsHost: string;
}

/** Reads every environment variable once, here and nowhere else; a bad value stops the start with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    diskReserveBytes: e.DISK_RESERVE_MB * 1024 * 1024,
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmail: e.ADMIN_EMAIL?.trim().toLowerCase() || undefined,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    academyEmail: e.ACADEMY_EMAIL || undefined,
    codeSecret: e.CODE_SECRET || undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: localStripeApi(e.STRIPE_API_URL),
          }
        : undefined,
    // Demo content by default only on the embedded database: a production PostgreSQL starts empty.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    trustProxy: e.TRUST_PROXY,
    // The route map helps developers and helps an attacker more: a production server shows it only when asked to.
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            issuer: (e.GOOGLE_ISSUER || 'https://accounts.google.com').replace(/\/$/, ''),
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
  };
}
