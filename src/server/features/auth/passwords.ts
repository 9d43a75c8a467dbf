import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Passwords are hashed with scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1: 128 MiB and
 * about 0.4 s per hash on a 2-vCPU VM), built into Node, so no native add-on is needed.
 * Stored as "scrypt$17$8$1$<salt>$<hash>" (base64url) so the parameters can be raised later
 * and old hashes still verify.
 */
const LOG_N = 17
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_BYTES = 16

function derive(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 2 * 128 * 2 ** logN * r }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export const PASSWORD_COST = LOG_N

/** logN lowers the cost only for tests, which hash hundreds of passwords */
export async function hashPassword(password: string, logN = LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, logN, R, P)
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(logN),
    Number(r),
    Number(p),
  )
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of nothing anybody knows: sign-in with an unknown address still spends one hash on it. */
const dummyHashes = new Map<number, Promise<string>>()
export function verifyAgainstDummy(password: string, logN = LOG_N): Promise<boolean> {
  let dummyHash = dummyHashes.get(logN)
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(32).toString('base64url'), logN)
    dummyHashes.set(logN, dummyHash)
  }
  return dummyHash.then((stored) => verifyPassword(password, stored)).then(() => false)
}
