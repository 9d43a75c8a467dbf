// `npm test`: every check, stopping at the first that fails, and each step's time at the end.
// First the static checks and the build, side by side; then two lanes side by side: the Vitest
// tests and then the browser tests (their output shown as it comes), and the process tests (their
// output printed whole when they end).
// The API tests run on the embedded PostgreSQL and, when TEST_DATABASE_URL is set (as .ci/run
// sets it), once more on that server (the `api-machine` Vitest project); so do the process
// project's fault tests. docs/testing.md#ci has the times on CI.
import { spawn } from 'node:child_process'

const staticChecksAndBuild = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  // built once here; the process and browser tests run this build
  ['build', 'node', ['scripts/build.mjs']],
]

// then two lanes side by side, each step after the one before it in its lane
const testsAndBrowser = [
  [
    `unit, component and API tests (embedded PostgreSQL${process.env.TEST_DATABASE_URL ? `, and ${redact(process.env.TEST_DATABASE_URL)}` : ''})`,
    'npx',
    [
      'vitest',
      'run',
      ...['unit', 'web', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-machine'] : [])]
        .map((project) => ['--project', project])
        .flat(),
    ],
  ],
  ['browser tests (Chromium, axe-core)', 'npx', ['playwright', 'test']],
]
// the process tests spend most of their time waiting (a shop starting, a database coming back):
// they run beside the rest rather than after it. The fault tests run once more on
// TEST_DATABASE_URL's server when it is set (a fresh database each, dropped after; that server
// itself is never restarted)
const processTests = [
  [
    `process tests (the built shop: restarts, crashes, faults${process.env.TEST_DATABASE_URL ? `; also on ${redact(process.env.TEST_DATABASE_URL)}` : ''})`,
    'npx',
    ['vitest', 'run', '--project', 'process'],
  ],
]

const started = Date.now()
const times = []
const running = new Set()

const firstStage = await Promise.all(staticChecksAndBuild.map((step) => run(step, 'pipe')))
for (const result of firstStage) report(result)
const failedFirst = firstStage.find((result) => result.status !== 0)
if (failedFirst) stop(failedFirst.status)

const lanes = await Promise.all([
  runLane(testsAndBrowser, 'inherit'),
  runLane(processTests, 'pipe'),
])
const failedLane = lanes.find((result) => result.status !== 0)
if (failedLane) stop(failedLane.status)
printTimes()
console.log(`\nAll checks passed in ${elapsed(started)} s`)

/** Runs a lane's steps one after another; the first that fails ends the whole run. */
async function runLane(steps, stdio) {
  for (const step of steps) {
    const result = await run(step, stdio)
    report(result)
    if (result.status !== 0) stop(result.status)
  }
  return { status: 0 }
}

function report({ name, status, seconds, output }) {
  if (output !== undefined) {
    console.log(`\n▶ ${name}`)
    process.stdout.write(output)
  }
  if (status !== 0) console.error(`\n✖ ${name} failed after ${seconds} s`)
  else console.log(`✔ ${name} (${seconds} s)`)
  times.push([name, seconds, status === 0])
}

/** Ends the run: the steps still running are stopped, and the times so far printed. */
function stop(status) {
  for (const child of running) child.kill('SIGTERM')
  printTimes()
  process.exit(status || 1)
}

function printTimes() {
  console.log(
    '\nStep times (the static checks and the build side by side; then the process tests beside the rest):',
  )
  for (const [name, seconds, passed] of times) {
    console.log(`  ${seconds.padStart(7)} s  ${passed ? '✔' : '✖'} ${name}`)
  }
  console.log(`  ${elapsed(started).padStart(7)} s  in all`)
}

function elapsed(since) {
  return ((Date.now() - since) / 1000).toFixed(1)
}

/**
 * Runs a step: its output shown as it comes ('inherit'), or kept and printed once it ends
 * ('pipe'), so that steps side by side do not interleave their lines.
 */
function run([name, command, args], stdio) {
  if (stdio === 'inherit') console.log(`\n▶ ${name}`)
  const stepStarted = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', stdio, stdio] })
    running.add(child)
    const chunks = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    const finish = (status) => {
      running.delete(child)
      resolve({
        name,
        status,
        seconds: elapsed(stepStarted),
        output: stdio === 'pipe' ? Buffer.concat(chunks).toString() : undefined,
      })
    }
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
