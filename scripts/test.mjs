// `npm test`: every check, stopping at the first stage that fails, and each step's time at the end.
// Steps of one stage wait on nothing from each other and run side by side (their output is
// printed whole as each ends); a stage starts when the one before has passed.
// The API tests run on the embedded PostgreSQL and, when TEST_DATABASE_URL is set (as .ci/run
// sets it), once more on that server (the `api-machine` Vitest project); so do the process
// project's fault tests. docs/testing.md#ci has the times on CI.
import { spawn } from 'node:child_process'

const stages = [
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    // built once here; the process and browser tests run this build
    ['build', 'node', ['scripts/build.mjs']],
  ],
  [
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
  ],
  [
    // the fault tests run once more on TEST_DATABASE_URL's server when it is set (a fresh
    // database each, dropped after; that server itself is never restarted)
    [
      `process tests (the built shop: restarts, crashes, faults${process.env.TEST_DATABASE_URL ? `; also on ${redact(process.env.TEST_DATABASE_URL)}` : ''})`,
      'npx',
      ['vitest', 'run', '--project', 'process'],
    ],
  ],
  [['browser tests (Chromium, axe-core)', 'npx', ['playwright', 'test']]],
]

const started = Date.now()
const times = []
for (const stage of stages) {
  const results = await Promise.all(
    stage.map((step) => (stage.length === 1 ? runShown(step) : runBuffered(step))),
  )
  for (const { name, status, seconds, output } of results) {
    if (output !== undefined) {
      console.log(`\n▶ ${name}`)
      process.stdout.write(output)
    }
    if (status !== 0) console.error(`\n✖ ${name} failed after ${seconds} s`)
    else console.log(`✔ ${name} (${seconds} s)`)
    times.push([name, seconds, status === 0])
  }
  const failed = results.find((result) => result.status !== 0)
  if (failed) {
    printTimes()
    process.exit(failed.status ?? 1)
  }
}
printTimes()
console.log(`\nAll checks passed in ${elapsed(started)} s`)

function printTimes() {
  console.log('\nStep times (steps of one stage ran side by side):')
  for (const [name, seconds, passed] of times) {
    console.log(`  ${seconds.padStart(7)} s  ${passed ? '✔' : '✖'} ${name}`)
  }
  console.log(`  ${elapsed(started).padStart(7)} s  in all`)
}

function elapsed(since) {
  return ((Date.now() - since) / 1000).toFixed(1)
}

/** Runs a step with its output shown as it comes. */
function runShown([name, command, args]) {
  console.log(`\n▶ ${name}`)
  return run(name, command, args, 'inherit')
}

/** Runs a step with its output kept, to print once it ends. */
function runBuffered([name, command, args]) {
  return run(name, command, args, 'pipe')
}

function run(name, command, args, stdio) {
  const stepStarted = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', stdio, stdio] })
    const chunks = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    const finish = (status) =>
      resolve({
        name,
        status,
        seconds: elapsed(stepStarted),
        output: stdio === 'pipe' ? Buffer.concat(chunks).toString() : undefined,
      })
    child.on('error', (error) => {
      console.error(error.message)
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
