import fs from 'node:fs'
import path from 'node:path'

/** Without SMTP_URL the shop writes every e-mail as an .eml file under DATA_DIR/outbox. */
const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'outbox')

/** The invitation link's path in the newest e-mail to `address` (quoted-printable undone). */
export function invitationPath(address: string): string | undefined {
  let files: string[]
  try {
    files = fs.readdirSync(outbox()).filter((file) => file.endsWith('.eml'))
  } catch {
    return undefined
  }
  const text = files
    .map((file) => path.join(outbox(), file))
    .map((file) =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '='),
    )
    .find((message) => message.includes(address) && message.includes('/invitations/'))
  return text?.match(/\/invitations\/[\w-]+/)?.[0]
}
