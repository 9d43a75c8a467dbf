// Builds only when the sources changed since the last build (used by the browser tests and the
// benchmark; `npm start` does the same in scripts/start.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { BUILD_STAMP, buildFingerprint } from './build-inputs.mjs'

const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8') : ''
if (built !== buildFingerprint() || !fs.existsSync('dist/server/main.mjs')) {
  console.log('building the shop (sources changed)...')
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  process.exit(result.status ?? 1)
}
