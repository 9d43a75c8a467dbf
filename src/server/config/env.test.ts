import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig } from './env.ts'

const load = (env: Record<string, string | undefined>) => loadConfig(env, '/srv/shop')
const failure = (env: Record<string, string | undefined>) => {
  try {
    load(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a configuration error')
}

describe('configuration', () => {
  test('runs with nothing set: port 3000, ./data, embedded database, demo catalogue', () => {
    const config = load({})
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      stripe: undefined,
      smtp: undefined,
      s3: undefined,
      admin: undefined,
    })
    expect(Object.isFrozen(config)).toBe(true)
  })

  test('an empty variable counts as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000)
  })

  test('a bad value stops start-up with one line naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'abc' }, /^Configuration error: PORT must be a number$/],
      [{ PORT: '70000' }, /^Configuration error: PORT must be from 0 to 65535$/],
      [
        { DATABASE_URL: 'mysql://x' },
        /DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//,
      ],
      [{ PUBLIC_URL: 'shop.example' }, /PUBLIC_URL must be a URL/],
      [{ SEED_DEMO: 'yes' }, /SEED_DEMO must be true or false/],
      [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
      [
        { ADMIN_EMAIL: 'owner@example.com' },
        /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together/,
      ],
      [
        { ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' },
        /ADMIN_EMAIL must be an e-mail address/,
      ],
      [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /STRIPE_PUBLISHABLE_KEY/],
      [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//],
      [{ S3_BUCKET: 'photos' }, /S3_REGION is required with S3_BUCKET/],
      [{ S3_REGION: 'us-east-1' }, /S3_BUCKET is required when any other S3_ variable is set/],
      [
        { S3_BUCKET: 'photos', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKIA' },
        /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
      ],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ]
    for (const [env, expected] of cases) {
      const message = failure(env)
      expect(message, JSON.stringify(env)).toMatch(expected)
      expect(message.split('\n'), JSON.stringify(env)).toHaveLength(1)
    }
  })

  test('production needs a session secret and real payments unless demo payments are chosen', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(
      /SESSION_SECRET is required when NODE_ENV=production/,
    )
    const secret = 's'.repeat(32)
    expect(failure({ NODE_ENV: 'production', SESSION_SECRET: secret })).toMatch(
      /STRIPE_SECRET_KEY is required/,
    )
    expect(
      load({ NODE_ENV: 'production', SESSION_SECRET: secret, DEMO_PAYMENTS: 'true' }).nodeEnv,
    ).toBe('production')
  })

  test('a secret value is never echoed in the error', () => {
    expect(failure({ SESSION_SECRET: 'short-secret-value' })).not.toContain('short-secret-value')
  })

  test('groups the optional services when they are configured', () => {
    const config = load({
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example.com/',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      SMTP_URL: 'smtp://mail:25',
      S3_BUCKET: 'photos',
      S3_REGION: 'us-east-1',
      SEED_DEMO: 'false',
      DATA_DIR: '/var/lib/shop',
    })
    expect(config.publicUrl).toBe('https://shop.example.com')
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: undefined,
    })
    expect(config.s3?.bucket).toBe('photos')
    expect(config.seedDemo).toBe(false)
    expect(config.dataDir).toBe('/var/lib/shop')
  })

  test("TRUST_PROXY is off, a hop count or the proxies' addresses; never every hop", () => {
    expect(load({}).trustProxy).toBe(false)
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ])
    // `true` would believe the client's own leftmost X-Forwarded-For entry
    for (const bad of ['true', 'yes', '0', '9', 'lb.internal']) {
      expect(failure({ TRUST_PROXY: bad }), bad).toMatch(/TRUST_PROXY must be false, the number/)
    }
  })

  test('STRIPE_API_URL points the Stripe SDK at a stand-in: only its protocol, host and port', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }
    expect(load({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    })
    expect(load({ ...stripe, STRIPE_API_URL: 'https://stripe-mock/' }).stripe?.api).toEqual({
      protocol: 'https',
      host: 'stripe-mock',
      port: 443,
    })
    expect(load(stripe).stripe?.api).toBeUndefined()
    expect(failure({ ...stripe, STRIPE_API_URL: 'ftp://mock' })).toMatch(
      /STRIPE_API_URL must be a URL starting with http:\/\/ or https:\/\//,
    )
    expect(failure({ ...stripe, STRIPE_API_URL: 'http://mock:12111/v1' })).toMatch(
      /STRIPE_API_URL must be only a protocol, host and port/,
    )
    expect(failure({ STRIPE_API_URL: 'http://mock:12111' })).toMatch(
      /STRIPE_API_URL needs STRIPE_SECRET_KEY/,
    )
    const live = { STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_PUBLISHABLE_KEY: 'pk_live_123' }
    expect(failure({ ...live, STRIPE_API_URL: 'http://mock:12111' })).toMatch(
      /STRIPE_API_URL cannot be used with a live key/,
    )
  })
})
