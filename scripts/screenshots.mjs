// Screenshots of the running shop at phone and desktop widths, for looking at what we build:
//   node scripts/screenshots.mjs [baseUrl] [outDir] [path ...]
// SCREENSHOT_LOGIN=email:password signs in first (e.g. the ADMIN_EMAIL account for /admin).
import fs from 'node:fs/promises'
import { chromium } from '@playwright/test'

const [baseUrl = 'http://localhost:3000', outDir = '.tmp/screenshots', ...given] =
  process.argv.slice(2)
const pages =
  given.length > 0 ? given : ['/', '/shop', '/shop/produce', '/about', '/this-page-does-not-exist']
const widths = [375, 1280]

await fs.mkdir(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
})
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 812 : 900 } })
    const login = process.env.SCREENSHOT_LOGIN
    if (login) {
      const separator = login.indexOf(':')
      const response = await page.request.post(new URL('/api/auth/login', baseUrl).href, {
        data: { email: login.slice(0, separator), password: login.slice(separator + 1) },
      })
      if (!response.ok()) throw new Error(`SCREENSHOT_LOGIN failed: ${response.status()}`)
    }
    for (const path of pages) {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
      const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'
      const file = `${outDir}/${name}-${width}.png`
      await page.screenshot({ path: file, fullPage: true })
      console.log(file)
    }
    await page.close()
  }
} finally {
  await browser.close()
}
