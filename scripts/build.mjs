// Builds the web app (Vite) into dist/web and the server (esbuild) into dist/server/main.mjs,
// copies the migrations beside the server and pre-compresses the web assets.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import * as esbuild from 'esbuild'
import { build as viteBuild } from 'vite'
import { BUILD_STAMP, buildFingerprint } from './build-inputs.mjs'
import { BOOT_SCRIPT, pageFigures, pageJavaScript } from './page-js-size.mjs'

const started = Date.now()
const fingerprint = buildFingerprint()

await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' })
// the boot script the server inlines in every server-rendered page (src/web/boot/boot.ts)
await esbuild.build({
  entryPoints: ['src/web/boot/boot.ts'],
  outfile: `dist/web/${BOOT_SCRIPT}`,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  logLevel: 'warning',
})
// the same app for the server: public pages rendered by the Fastify process (dist/ssr)
await viteBuild({
  configFile: 'vite.config.ts',
  logLevel: 'warn',
  build: {
    ssr: 'app/entry-server.tsx',
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.mjs' } },
  },
})

await fs.rm('dist/server', { recursive: true, force: true })
await esbuild.build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // dependencies stay in node_modules: the bundle is only our own code
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
await fs.cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true })

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/
for (const file of await walk('dist/web')) {
  if (!compressible.test(file)) continue
  const contents = await fs.readFile(file)
  if (contents.length < 1024) continue
  const [br, gz] = await Promise.all([
    brotli(contents, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(contents, { level: 9 }),
  ])
  await fs.writeFile(`${file}.br`, br)
  await fs.writeFile(`${file}.gz`, gz)
}

const pages = pageJavaScript()
console.log('JavaScript before any action, per public page (gzipped):')
for (const line of pageFigures(pages)) console.log(line)
const over = pages.filter((page) => page.over)
if (over.length > 0) {
  // no build stamp: the next build starts again instead of serving an over-budget bundle
  console.error(
    `build failed: ${over.map((page) => page.page).join(', ')} over the JavaScript budget; lazy-load what a page does not show before a click`,
  )
  process.exit(1)
}
await fs.writeFile(BUILD_STAMP, fingerprint)
console.log(`built dist/web and dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s`)

async function walk(directory) {
  const entries = await fs.readdir(directory, { withFileTypes: true })
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(directory, entry.name)
      return entry.isDirectory() ? walk(full) : [full]
    }),
  )
  return files.flat()
}
