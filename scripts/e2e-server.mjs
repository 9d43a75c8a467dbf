// The shop for the browser tests: the built server on a fresh data directory every run.
import fs from 'node:fs'
import path from 'node:path'

if (!fs.existsSync('dist/server/main.mjs')) {
  console.error('dist/server/main.mjs is missing: run npm run build first')
  process.exit(1)
}
const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data'
// a run killed earlier may have left its PostgreSQL running on this directory: stop it first
const lockFile = path.join(dataDir, 'postgres', 'data', 'postmaster.pid')
if (fs.existsSync(lockFile)) {
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 'SIGINT')
    for (let waited = 0; waited < 15_000 && fs.existsSync(lockFile); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } catch {
    // not running
  }
}
fs.rmSync(dataDir, { recursive: true, force: true })
await import('../dist/server/main.mjs')
