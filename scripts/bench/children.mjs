// The benchmarks' child processes (shops, bare servers): started with the environment given,
// stopped with SIGTERM as the shop expects, also when the bench itself fails.
import { spawn } from 'node:child_process'

const children = []
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
})

/** Starts a process; with `readyLine`, resolves once its stdout has printed that text. */
export function startProcess(command, args, env, readyLine) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  if (!readyLine) {
    child.stdout.resume()
    return Promise.resolve(child)
  }
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes(readyLine)) resolve(child)
    })
    child.once('exit', () => reject(new Error(`${command} exited before it was ready`)))
  })
}

export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

/** Stops every child still running. */
export function stopAll() {
  return Promise.all(children.filter((child) => child.exitCode === null).map(stop))
}
