import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Everything the build reads; a change to any of them makes `npm start` rebuild. */
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
]

export const BUILD_STAMP = 'dist/.build-stamp'

/** A fingerprint of the inputs' paths, sizes and modification times (fast: no file reads). */
export function buildFingerprint(root = process.cwd()) {
  const hash = createHash('sha256')
  const visit = (relative) => {
    const absolute = path.join(root, relative)
    let stat
    try {
      stat = fs.statSync(absolute)
    } catch {
      return
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(absolute).sort()) {
        if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
        visit(path.join(relative, entry))
      }
    } else {
      hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`)
    }
  }
  for (const input of INPUTS) visit(input)
  return hash.digest('hex')
}
