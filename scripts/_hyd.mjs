import { chromium } from '@playwright/test'
const base = process.argv[2]
const paths = process.argv.slice(3)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const p of paths) {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
  const msgs = []
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') msgs.push(`${m.type()}: ${m.text().slice(0, 300)}`) })
  page.on('pageerror', (e) => msgs.push(`pageerror: ${e.message.slice(0, 300)}`))
  const apis = []
  page.on('request', (r) => { if (r.url().includes('/api/')) apis.push(r.url().replace(base, '')) })
  await page.goto(base + p, { waitUntil: 'networkidle' })
  console.log(p, '|', msgs.join(' || ') || 'clean', '| api:', apis.join(', '))
  await page.close()
}
await browser.close()
