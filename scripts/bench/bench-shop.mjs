// What the benches that run the built shop share: a database of their own on a PostgreSQL server,
// and the shop started on it (or on its embedded PostgreSQL) in a temporary directory.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort, waitFor } from './net.mjs'

/** A fresh database named after `tag` on the server at `serverUrl`; `drop()` removes it. */
export async function benchDatabase(serverUrl, tag) {
  const name = `hftd_bench_${tag}_${process.pid}`
  const server = new pg.Client({ connectionString: serverUrl })
  await server.connect()
  await server.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.href,
    async drop() {
      await server.query(`drop database if exists ${name} with (force)`)
      await server.end()
    },
    /** keeps the database, to look at it afterwards */
    keep: () => server.end(),
  }
}

/** The built shop (dist/server/main.mjs) with `env` added, answering once `/readyz` says ready. */
export async function startBenchShop(tag, env = {}) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `hftd-bench-${tag}-`))
  fs.chmodSync(workDir, 0o711) // as root, the embedded PostgreSQL's user must pass through
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: path.join(workDir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      })
    }
    fs.rmSync(workDir, { recursive: true, force: true })
  }
  process.on('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM')
  })
  try {
    await waitFor(`${base}/readyz`, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

/** Signs in at the shop and answers the session cookie ("sid=…") for the bench's requests. */
export async function signInCookie(base, credentials) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`)
  return login.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    .split(';')[0]
}
