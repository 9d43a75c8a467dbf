// `npm start` runs this first: it builds only when the sources changed since the last build,
// so a restart on an unchanged checkout starts in well under two seconds.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { BUILD_STAMP, buildFingerprint } from './build-inputs.mjs'

const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8') : ''
if (built !== buildFingerprint() || !fs.existsSync('dist/server/main.mjs')) {
  console.log('building the shop (first start or sources changed)...')
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  process.exit(result.status ?? 1)
}
