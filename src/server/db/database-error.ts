/** SQLSTATE codes the services turn into answers a client can act on. */
export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

/**
 * The SQLSTATE and constraint of a PostgreSQL error, looked for through the causes (Drizzle
 * wraps the driver's error in its own).
 */
export function databaseErrorOf(
  error: unknown,
): { code: string; constraint: string | undefined } | undefined {
  const seen = new Set<unknown>()
  let current = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
