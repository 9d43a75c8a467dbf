import path from 'node:path'
import { z } from 'zod'
import { SITE } from '#shared/site-content.ts'

/**
 * The one place that reads process.env (docs/product.md#running). Every variable is validated here
 * once; a bad value stops start-up with one line naming the variable (see ConfigError).
 */

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((value) => value === 'true')

const optionalText = z.string().trim().optional()

const IP_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[\da-f:]*:[\da-f:.]*)(?:\/\d{1,3})?$/i
const TRUST_PROXY_ERROR =
  'TRUST_PROXY must be false, the number of proxies in front (1 to 5), or their addresses (e.g. 10.0.0.0/8)'

/**
 * Which X-Forwarded-For entries to believe. Never "all" (`true`): a load balancer appends the
 * address it saw to whatever the client sent, so the leftmost entry is the client's own choice
 * and per-IP limits would be theirs to walk past. A hop count or the proxies' addresses take the
 * entry the shop's own proxy wrote.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false') return false
    if (/^[1-5]$/.test(value)) return Number(value)
    const addresses = value.split(',').map((address) => address.trim())
    if (addresses.every((address) => IP_OR_CIDR.test(address))) return addresses
    context.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR })
    return z.NEVER
  })

const url = (name: string, protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol)
        } catch {
          return false
        }
      },
      `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    )

const optional = <T extends z.ZodType>(schema: T) => schema.optional()

const EnvSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'NODE_ENV must be development, production or test',
      })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be from 0 to 65535')
      .max(65535, 'PORT must be from 0 to 65535')
      .default(3000),
    HOST: z.string().trim().min(1, 'HOST must not be empty').default('0.0.0.0'),
    TRUST_PROXY: trustProxy.default(false),
    DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('data'),
    DATABASE_URL: optional(url('DATABASE_URL', ['postgres:', 'postgresql:'])),
    PUBLIC_URL: optional(url('PUBLIC_URL', ['http:', 'https:'])),
    SESSION_SECRET: optional(
      z.string().min(32, 'SESSION_SECRET must be at least 32 characters long'),
    ),
    ADMIN_EMAIL: optional(z.email('ADMIN_EMAIL must be an e-mail address')),
    ADMIN_PASSWORD: optional(
      z
        .string()
        .min(8, 'ADMIN_PASSWORD must be at least 8 characters')
        .max(128, 'ADMIN_PASSWORD must be at most 128 characters'),
    ),
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_\w+$/,
          'STRIPE_SECRET_KEY must start with sk_test_ or sk_live_',
        ),
    ),
    STRIPE_PUBLISHABLE_KEY: optional(
      z
        .string()
        .regex(
          /^pk_(test|live)_\w+$/,
          'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_',
        ),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must start with whsec_'),
    ),
    STRIPE_API_URL: optional(url('STRIPE_API_URL', ['http:', 'https:'])),
    DEMO_PAYMENTS: flag('DEMO_PAYMENTS').default(false),
    SMTP_URL: optional(url('SMTP_URL', ['smtp:', 'smtps:'])),
    MAIL_FROM: optional(
      z.string().trim().min(3, 'MAIL_FROM must be an address, e.g. "Shop <orders@example.com>"'),
    ),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optional(url('S3_ENDPOINT', ['http:', 'https:'])),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    SEED_DEMO: flag('SEED_DEMO').default(true),
    /** browser and process tests move the shop's clock (PUT /api/test/clock); never production */
    TEST_CLOCK_CONTROL: flag('TEST_CLOCK_CONTROL').default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    METRICS_TOKEN: optional(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, message: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message })
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      need('SESSION_SECRET', 'SESSION_SECRET is required when NODE_ENV=production')
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      need(
        env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL',
        'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      )
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      need(
        env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY',
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together',
      )
    }
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
      need('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY')
    }
    if (env.STRIPE_API_URL && !env.STRIPE_SECRET_KEY) {
      need('STRIPE_SECRET_KEY', 'STRIPE_API_URL needs STRIPE_SECRET_KEY')
    }
    if (env.STRIPE_API_URL && !/^https?:\/\/[^/?#]+\/?$/.test(env.STRIPE_API_URL)) {
      // the SDK takes a host, a port and a protocol: a path would be silently dropped
      need('STRIPE_API_URL', 'STRIPE_API_URL must be only a protocol, host and port')
    }
    if (env.STRIPE_API_URL && env.STRIPE_SECRET_KEY?.startsWith('sk_live_')) {
      // a leftover stand-in would be handed the live key and every payment
      need('STRIPE_API_URL', 'STRIPE_API_URL cannot be used with a live key (sk_live_)')
    }
    if (env.NODE_ENV === 'production' && env.TEST_CLOCK_CONTROL) {
      need('TEST_CLOCK_CONTROL', 'TEST_CLOCK_CONTROL cannot be used when NODE_ENV=production')
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.DEMO_PAYMENTS) {
      need(
        'STRIPE_SECRET_KEY',
        'STRIPE_SECRET_KEY is required when NODE_ENV=production (or set DEMO_PAYMENTS=true to take no real payments)',
      )
    }
    if (env.S3_BUCKET && !env.S3_REGION) need('S3_REGION', 'S3_REGION is required with S3_BUCKET')
    if (
      !env.S3_BUCKET &&
      (env.S3_REGION || env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)
    ) {
      need('S3_BUCKET', 'S3_BUCKET is required when any other S3_ variable is set')
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      need(
        env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      )
    }
  })

export interface Config {
  readonly nodeEnv: 'development' | 'production' | 'test'
  readonly port: number
  readonly host: string
  /**
   * TRUST_PROXY: behind a load balancer, the client's IP is the X-Forwarded-For entry it wrote:
   * trust that many hops, or those addresses (Fastify's trustProxy); false reads the socket
   */
  readonly trustProxy: false | number | string[]
  /** absolute */
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly publicUrl: string
  readonly sessionSecret: string | undefined
  readonly admin: { readonly email: string; readonly password: string } | undefined
  readonly stripe:
    | {
        readonly secretKey: string
        readonly publishableKey: string
        readonly webhookSecret: string | undefined
        /** STRIPE_API_URL: a stand-in for Stripe's API (stripe-mock, a test's fake) */
        readonly api: StripeApi | undefined
      }
    | undefined
  readonly smtp: { readonly url: string } | undefined
  readonly mailFrom: string
  readonly s3:
    | {
        readonly bucket: string
        readonly region: string
        readonly endpoint: string | undefined
        readonly accessKeyId: string | undefined
        readonly secretAccessKey: string | undefined
      }
    | undefined
  readonly seedDemo: boolean
  readonly testClockControl: boolean
  readonly logLevel: string
  readonly metricsToken: string | undefined
}

export interface StripeApi {
  readonly host: string
  readonly port: number
  readonly protocol: 'http' | 'https'
}

/** Thrown for a bad environment; its message is the one line printed before exiting. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd = process.cwd(),
): Config {
  // An empty variable counts as unset, so `PORT=` falls back to the default instead of 0.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const variable = String(issue?.path[0] ?? 'environment')
    const message = issue?.message ?? 'is not valid'
    throw new ConfigError(
      `Configuration error: ${message.startsWith(variable) ? message : `${variable}: ${message}`}`,
    )
  }
  const e = parsed.data
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : undefined,
          }
        : undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL } : undefined,
    mailFrom: e.MAIL_FROM ?? `${SITE.name} <orders@houstonfarmtodoor.com>`,
    s3:
      e.S3_BUCKET && e.S3_REGION
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    seedDemo: e.SEED_DEMO,
    testClockControl: e.TEST_CLOCK_CONTROL,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
  }
  return Object.freeze(config)
}

function stripeApi(value: string): StripeApi {
  const parsed = new URL(value)
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http'
  return {
    // new URL keeps an IPv6 host in brackets; the SDK wants it bare
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : protocol === 'https' ? 443 : 80,
    protocol,
  }
}
