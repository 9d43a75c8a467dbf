// `npm test`: every check, in order, stopping at the first failure.
// The API tests run on the embedded PostgreSQL and, when TEST_DATABASE_URL is set (as .ci/run
// sets it), once more on that server; so do the process project's fault tests.
import { spawn, spawnSync } from 'node:child_process'

const withoutTestDatabase = { ...process.env }
delete withoutTestDatabase.TEST_DATABASE_URL

// the three static checks run side by side (their output printed once all three end): they read
// the same files and wait on nothing else; on 2 cores this takes about half a minute off CI
const staticChecks = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
]

const steps = [
  [
    'unit and API tests (embedded PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'unit', '--project', 'web', '--project', 'api'],
    withoutTestDatabase,
  ],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          `API tests (${redact(process.env.TEST_DATABASE_URL)})`,
          'npx',
          ['vitest', 'run', '--project', 'api'],
        ],
      ]
    : []),
  ['build', 'node', ['scripts/build.mjs']],
  [
    // the fault tests run once more on TEST_DATABASE_URL's server when it is set (a fresh
    // database each, dropped after; that server itself is never restarted)
    `process tests (the built shop: restarts, crashes, faults${process.env.TEST_DATABASE_URL ? `; also on ${redact(process.env.TEST_DATABASE_URL)}` : ''})`,
    'npx',
    ['vitest', 'run', '--project', 'process'],
  ],
  ['browser tests (Chromium, axe-core)', 'npx', ['playwright', 'test']],
]

const started = Date.now()
const staticResults = await Promise.all(staticChecks.map(runBuffered))
for (const { name, status, seconds, output } of staticResults) {
  console.log(`\n▶ ${name}`)
  process.stdout.write(output)
  if (status !== 0) console.error(`\n✖ ${name} failed after ${seconds} s`)
  else console.log(`✔ ${name} (${seconds} s)`)
}
const failedCheck = staticResults.find((result) => result.status !== 0)
if (failedCheck) process.exit(failedCheck.status ?? 1)

for (const [name, command, args, env = process.env] of steps) {
  const stepStarted = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${name} (${seconds} s)`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)

/** Runs a command with its output kept, and answers once it ends. */
function runBuffered([name, command, args]) {
  const stepStarted = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    const finish = (status) =>
      resolve({
        name,
        status,
        seconds: ((Date.now() - stepStarted) / 1000).toFixed(1),
        output: Buffer.concat(chunks).toString(),
      })
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`))
      finish(1)
    })
    child.on('close', (status) => finish(status ?? 1))
  })
}

function redact(url) {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}
