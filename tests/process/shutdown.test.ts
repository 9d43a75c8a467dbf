import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { embeddedServer, getJson, isRunning, startShop } from './shop-process.ts'

/** Stopping the shop: promptly, without cutting requests short, and never orphaning PostgreSQL. */
let dataDir: string
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-shutdown-'))
})
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

test('a second shop on the same data directory is refused, and the first keeps working', async () => {
  const first = await startShop({ dataDir })
  try {
    const second = await startShop({ dataDir, waitForHealth: false })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/Another shop process \(pid \d+\) is using/)
    expect((await getJson<unknown[]>(`${first.url}/api/products`)).length).toBeGreaterThan(0)
  } finally {
    expect(await first.stop()).toBe(0)
  }
})

test('under keep-alive traffic, SIGTERM finishes the requests and exits in seconds', async () => {
  const shop = await startShop({ dataDir })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const outcomes: string[] = []
  let signalled = 0
  const requests = Array.from(
    { length: 60 },
    () =>
      new Promise<void>((resolve) => {
        http
          .get(`${shop.url}/api/products`, { agent }, (response) => {
            response.resume()
            response.on('end', () => {
              outcomes.push(String(response.statusCode))
              if (outcomes.length === 5 && !signalled) signalled = Date.now()
              resolve()
            })
          })
          .on('error', (error: NodeJS.ErrnoException) => {
            outcomes.push(error.code ?? error.message)
            resolve()
          })
      }),
  )
  // stop once the first answers are in: later requests are in flight or queued on open sockets
  while (outcomes.length < 5) await new Promise((resolve) => setTimeout(resolve, 5))
  const stopping = shop.stop()
  await Promise.all(requests)
  const code = await stopping
  const seconds = (Date.now() - signalled) / 1000
  agent.destroy()
  expect(code).toBe(0)
  expect(seconds).toBeLessThan(10) // not the 72 s keep-alive timeout
  // a request either got its answer, was told the shop is closing, or found it closed
  expect(outcomes.filter((outcome) => !['200', '503', 'ECONNREFUSED'].includes(outcome))).toEqual(
    [],
  )
  expect(await embeddedServer(dataDir)).toBeUndefined()
})

test('SIGTERM during start-up stops it cleanly, leaving no PostgreSQL behind', async () => {
  const freshDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hftd-startup-stop-'))
  try {
    const shop = await startShop({ dataDir: freshDir, waitForHealth: false })
    // wait until the cluster is being created, then stop
    for (let waited = 0; waited < 20_000; waited += 20) {
      if (
        await fs.readdir(path.join(freshDir, 'postgres')).then(
          (e) => e.length > 0,
          () => false,
        )
      )
        break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await shop.stop()).toBe(0)
    const server = await embeddedServer(freshDir)
    expect(server === undefined || !isRunning(server.pid)).toBe(true)
  } finally {
    await fs.rm(freshDir, { recursive: true, force: true })
  }
})
