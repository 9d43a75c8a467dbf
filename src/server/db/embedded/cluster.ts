import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../../logger.ts'
import { postgresErrorLine } from './server-process.ts'
import { SUPERUSER, type Account } from './server-account.ts'

/**
 * The cluster's files. initdb runs into a scratch directory that is renamed into place, so a run
 * killed half-way leaves nothing that looks like a cluster; the password is stored before the
 * rename. (The supervisor lock keeps two processes from doing this at once.)
 */
export async function ensureCluster(args: {
  root: string
  initdb: string
  account: Account | undefined
  log: Logger
}): Promise<{ dataDir: string; password: string }> {
  const { root, account, log } = args
  const dataDir = path.join(root, 'data')
  const passwordFile = path.join(root, 'password')
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    for (const entry of await fsp.readdir(root)) {
      if (entry.startsWith('data.init-') || entry.startsWith('.pwfile-')) {
        await fsp.rm(path.join(root, entry), { recursive: true, force: true })
      }
    }
    if (fs.existsSync(dataDir)) {
      if ((await fsp.readdir(dataDir)).length > 0) {
        throw new Error(
          `${dataDir} exists but is not a PostgreSQL data directory; move it away to start afresh`,
        )
      }
      await fsp.rmdir(dataDir)
    }
    log.info({ dataDir }, 'creating the embedded PostgreSQL cluster (first start)')
    const scratch = path.join(root, `data.init-${randomBytes(4).toString('hex')}`)
    const password = randomBytes(24).toString('base64url')
    try {
      await runInitdb({ initdb: args.initdb, dataDir: scratch, password, root, account })
      await writeFileDurably(passwordFile, password)
      await fsp.rename(scratch, dataDir)
    } finally {
      await fsp.rm(scratch, { recursive: true, force: true })
    }
  }
  return { dataDir, password: await readPassword(passwordFile) }
}

async function runInitdb(args: {
  initdb: string
  dataDir: string
  password: string
  root: string
  account: Account | undefined
}) {
  const { account } = args
  const pwfile = path.join(args.root, `.pwfile-${randomBytes(4).toString('hex')}`)
  await fsp.mkdir(args.dataDir, { mode: 0o700 })
  await fsp.writeFile(pwfile, `${args.password}\n`, { mode: 0o600 })
  if (account) {
    await fsp.chown(args.dataDir, account.uid, account.gid)
    await fsp.chown(pwfile, account.uid, account.gid)
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        args.initdb,
        [
          `--pgdata=${args.dataDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          // Unicode-aware lower()/upper() without depending on the machine's locales
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--lc-messages=C',
          '--no-instructions',
        ],
        {
          ...(account ?? {}),
          cwd: args.root,
          env: { ...process.env, LC_ALL: 'C' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('error', (error) => reject(new Error(`initdb could not run: ${error.message}`)))
      child.on('close', (code) => {
        if (code === 0) resolve()
        else reject(new Error(`initdb failed: ${postgresErrorLine(output)}`))
      })
    })
  } finally {
    await fsp.rm(pwfile, { force: true })
  }
}

async function writeFileDurably(file: string, contents: string) {
  const temporary = `${file}.tmp`
  const handle = await fsp.open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(contents)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fsp.rename(temporary, file)
}

async function readPassword(file: string): Promise<string> {
  try {
    return (await fsp.readFile(file, 'utf8')).trim()
  } catch {
    throw new Error(
      `The embedded PostgreSQL password file ${file} is missing; restore it, or move the cluster folder away to start afresh`,
    )
  }
}
