import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Each Playwright worker runs its journeys against a shop of its own: the built server on a fresh
 * embedded PostgreSQL in its own data directory and on its own port. Workers then share no
 * database, no rate limit and no test clock, so journeys that move the shop's week cannot reach
 * another worker's journeys.
 */
export interface WorkerShop {
  url: string
  /** the shop's DATA_DIR: without SMTP_URL every e-mail is written under its outbox/ */
  dataDir: string
}

/** The admin journeys sign in as this account, created at start (docs/product.md#accounts). */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e admin password' }

const BASE_PORT = Number(process.env.E2E_PORT ?? 3199)

export async function startWorkerShop(parallelIndex: number): Promise<{
  shop: WorkerShop
  stop: () => Promise<void>
}> {
  const port = BASE_PORT + parallelIndex
  const dataDir = path.resolve(`.tmp/e2e-data-${parallelIndex}`)
  const logFile = path.resolve(`.tmp/e2e-shop-${parallelIndex}.log`)
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.openSync(logFile, 'w')
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // journeys across the cut-off move the shop's clock (PUT /api/test/clock)
      TEST_CLOCK_CONTROL: 'true',
    },
    stdio: ['ignore', log, log],
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilReady(url, child, logFile)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    shop: { url, dataDir },
    stop: async () => {
      await stopProcess(child)
      fs.closeSync(log)
    },
  }
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the shop for the browser tests exited (${child.exitCode}); see ${logFile}`)
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the shop for the browser tests did not get ready at ${url}; see ${logFile}`)
}

/** SIGTERM lets the shop stop its embedded PostgreSQL; after 20 s it is killed. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  await exited
  clearTimeout(timer)
}
