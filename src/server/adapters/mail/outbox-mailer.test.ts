import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { createOutboxMailer } from './outbox-mailer.ts'

test('without SMTP each message becomes an .eml file in the outbox', async () => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
  try {
    const mailer = createOutboxMailer({
      directory,
      from: 'Shop <shop@example.com>',
      log: testLogger,
    })
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Reset your password',
      text: 'Open http://localhost:3000/reset-password?token=abc to choose a new one.',
      html: '<p>Open <a href="http://localhost:3000/reset-password?token=abc">this link</a>.</p>',
    })
    const files = await fs.readdir(directory)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const eml = await fs.readFile(path.join(directory, files[0] ?? ''), 'utf8')
    expect(eml).toMatch(/^To: ana@example.com$/m)
    expect(eml).toMatch(/^Subject: Reset your password$/m)
    expect(eml).toContain('text/plain')
    expect(eml).toContain('text/html')
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
})

test('a message with a messageId keeps it as its Message-ID header', async () => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
  try {
    const mailer = createOutboxMailer({ directory, from: 'shop@example.com', log: testLogger })
    const messageId = '<outbox.5f1c2b7e-0000-4000-8000-000000000001@houstonfarmtodoor.com>'
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
      messageId,
    })
    const [file] = await fs.readdir(directory)
    const eml = await fs.readFile(path.join(directory, file ?? ''), 'utf8')
    expect(eml.replace(/\n[ \t]+/g, ' ')).toMatch(
      /^Message-ID: <outbox\.5f1c2b7e-0000-4000-8000-000000000001@houstonfarmtodoor\.com>$/m,
    )
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
})

test('the log names the file and the links, their tokens redacted; the file keeps them whole', async () => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
  const written: string[] = []
  const log = createLogger('info', { write: (line: string) => void written.push(line) })
  try {
    const mailer = createOutboxMailer({ directory, from: 'shop@example.com', log })
    const token = 'UwK-IT-RavkAcIIdFzk1GxOpai4eYXUgtNLJIZPo5EM'
    await mailer.send({
      to: 'ana@example.com',
      subject: 'You are invited',
      text: `Reset: http://localhost:3000/reset-password?token=${token}\nJoin: http://localhost:3000/invitations/${token}\nOrder: http://localhost:3000/orders/7`,
      html: '<p>Hi</p>',
    })
    const [file] = await fs.readdir(directory)
    const eml = await fs.readFile(path.join(directory, file ?? ''), 'utf8')
    expect(eml.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')).toContain(
      `/reset-password?token=${token}`,
    )
    expect(written.join('')).not.toContain(token)
    expect(JSON.parse(written[0] ?? '{}')).toMatchObject({
      msg: 'e-mail written to the outbox',
      to: 'ana@example.com',
      subject: 'You are invited',
      file: path.join(directory, file ?? ''),
      links: [
        'http://localhost:3000/reset-password?token=[redacted]',
        'http://localhost:3000/invitations/[redacted]',
        'http://localhost:3000/orders/7',
      ],
    })
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
})
