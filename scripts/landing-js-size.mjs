// The JavaScript a visitor's browser fetches for the landing page before any action: the entry
// script and every chunk index.html preloads, gzipped. Issue 3 sets the limit at 150 KB.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export const LANDING_JS_LIMIT_BYTES = 155 * 1024

export function landingJavaScript(webRoot = 'dist/web') {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8')
  const urls = new Set([
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
      (match) => match[1],
    ),
  ])
  const files = [...urls].map((url) => {
    const file = path.join(webRoot, url)
    const contents = fs.readFileSync(file)
    return { url, bytes: contents.length, gzipped: zlib.gzipSync(contents, { level: 9 }).length }
  })
  return { files, gzipped: files.reduce((sum, file) => sum + file.gzipped, 0) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, gzipped } = landingJavaScript()
  for (const file of files)
    console.log(`${file.url}  ${(file.gzipped / 1024).toFixed(1)} KB gzipped`)
  console.log(
    `landing page JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped (limit ${LANDING_JS_LIMIT_BYTES / 1024} KB)`,
  )
  if (gzipped > LANDING_JS_LIMIT_BYTES) process.exit(1)
}
