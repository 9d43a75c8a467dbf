import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Logger } from '../../logger.ts'

/**
 * PostgreSQL refuses to run as root. As root, the embedded server runs as the `postgres` system
 * user (created if missing, docs/product.md#running), which must be able to reach both the binaries
 * and the data. Where a directory above them is closed to it (a checkout under /root, say), the
 * binaries are copied and the cluster kept under /var/lib/houston-farm-to-door instead, and the log
 * says so.
 */

export interface Account {
  uid: number
  gid: number
}

export const SUPERUSER = 'postgres'
const SYSTEM_HOME = '/var/lib/houston-farm-to-door'
const execFileAsync = promisify(execFile)

export async function serverAccount(log: Logger): Promise<Account | undefined> {
  if (process.getuid?.() !== 0) return undefined
  const existing = await lookupAccount(SUPERUSER)
  if (existing) return existing
  log.warn(
    'creating the "postgres" system user to run the embedded PostgreSQL (it refuses to run as root)',
  )
  await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined)
  await execFileAsync('useradd', [
    '--system',
    '--gid',
    SUPERUSER,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    SUPERUSER,
  ])
  const created = await lookupAccount(SUPERUSER)
  if (!created)
    throw new Error('Could not create the "postgres" system user for the embedded PostgreSQL')
  return created
}

async function lookupAccount(name: string): Promise<Account | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then((r) => Number(r.stdout.trim())),
      execFileAsync('id', ['-g', name]).then((r) => Number(r.stdout.trim())),
    ])
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined
  } catch {
    return undefined
  }
}

/** Can the account pass through every directory down to (and into) `target`? */
export function canReach(account: Account, target: string): boolean {
  for (let directory = path.resolve(target); ; directory = path.dirname(directory)) {
    let stat: fs.Stats
    try {
      stat = fs.statSync(directory)
    } catch {
      return false
    }
    const passable =
      (stat.mode & 0o001) !== 0 ||
      (stat.uid === account.uid && (stat.mode & 0o100) !== 0) ||
      (stat.gid === account.gid && (stat.mode & 0o010) !== 0)
    if (!passable) return false
    if (directory === path.dirname(directory)) return true
  }
}

/**
 * Where the cluster lives: DATA_DIR/postgres when the account can get there (DATA_DIR and the
 * folder are ours, so they get traverse-only permission for others), else a folder of its own
 * under /var/lib named after DATA_DIR.
 */
export async function clusterRoot(
  wanted: string,
  account: Account | undefined,
  log: Logger,
): Promise<string> {
  await fsp.mkdir(wanted, { recursive: true, mode: 0o711 })
  if (!account) return wanted
  for (const directory of [path.dirname(wanted), wanted]) {
    const { mode } = await fsp.stat(directory)
    if ((mode & 0o001) === 0) await fsp.chmod(directory, (mode & 0o7777) | 0o001)
  }
  if (canReach(account, wanted)) return wanted
  const key = createHash('sha256')
    .update(await fsp.realpath(wanted))
    .digest('hex')
    .slice(0, 12)
  const relocated = path.join(SYSTEM_HOME, `cluster-${key}`)
  await fsp.mkdir(relocated, { recursive: true, mode: 0o711 })
  await fsp.chmod(SYSTEM_HOME, 0o711)
  log.warn(
    { wanted, relocated },
    'the postgres user cannot reach DATA_DIR; keeping the embedded PostgreSQL cluster in /var/lib instead',
  )
  await fsp.writeFile(
    path.join(wanted, 'LOCATION.txt'),
    `The embedded PostgreSQL cluster for this DATA_DIR is kept in ${relocated}\n(the postgres user cannot reach this directory).\n`,
  )
  return relocated
}

/** The binaries, copied once to /var/lib when the account cannot reach node_modules. */
export async function reachableBinaries(
  binaries: { initdb: string; postgres: string },
  account: Account | undefined,
  log: Logger,
): Promise<{ initdb: string; postgres: string }> {
  if (!account || canReach(account, path.dirname(binaries.postgres))) return binaries
  const native = path.dirname(path.dirname(binaries.postgres)) // …/native (bin, lib, share)
  const version =
    (await fsp
      .readFile(path.join(native, '..', 'package.json'), 'utf8')
      .then((text) => (JSON.parse(text) as { version?: string }).version)) ?? 'unknown'
  const copy = path.join(SYSTEM_HOME, `postgres-${version}`)
  if (!fs.existsSync(path.join(copy, '.complete'))) {
    log.warn(
      { copy },
      'the postgres user cannot reach node_modules; copying the PostgreSQL binaries once',
    )
    const scratch = `${copy}.partial`
    await fsp.rm(scratch, { recursive: true, force: true })
    await fsp.mkdir(SYSTEM_HOME, { recursive: true, mode: 0o711 })
    await fsp.cp(native, scratch, { recursive: true, verbatimSymlinks: true })
    await fsp.writeFile(path.join(scratch, '.complete'), version)
    await fsp.rm(copy, { recursive: true, force: true })
    await fsp.rename(scratch, copy)
  }
  return {
    initdb: path.join(copy, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(copy, 'bin', path.basename(binaries.postgres)),
  }
}
