// `npm start`: build if the sources changed, then run the shop in this same process, so the
// signals a terminal or service manager sends reach the shop itself.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { BUILD_STAMP, buildFingerprint } from './build-inputs.mjs'

const built = fs.existsSync(BUILD_STAMP) ? fs.readFileSync(BUILD_STAMP, 'utf8') : ''
if (built !== buildFingerprint() || !fs.existsSync('dist/server/main.mjs')) {
  console.log('building the shop (first start or sources changed)...')
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../dist/server/main.mjs')
