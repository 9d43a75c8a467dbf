import { createLogger } from '#server/logger.ts'

/** Silent unless TEST_LOG_LEVEL asks for more (e.g. TEST_LOG_LEVEL=debug npm run test:unit). */
export const testLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent')
