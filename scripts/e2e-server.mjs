// The shop for the browser tests: the built server on a fresh data directory every run.
import fs from 'node:fs'

if (!fs.existsSync('dist/server/main.mjs')) {
  console.error('dist/server/main.mjs is missing: run npm run build first')
  process.exit(1)
}
fs.rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true })
await import('../dist/server/main.mjs')
