import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { AppError } from '../../app-error.ts'
import { readWithinLimit } from './read-within-limit.ts'

/** The outcome of a read, or 'still pending' when it has not settled within a second. */
async function outcomeOf(reading: Promise<Buffer>) {
  return Promise.race([
    reading.then(
      (bytes) => ({ bytes }),
      (error: unknown) => ({ error }),
    ),
    sleep(1000).then(() => 'still pending' as const),
  ])
}

const interrupted = {
  error: expect.objectContaining({
    code: 'BAD_REQUEST',
    status: 400,
    message: 'The upload was interrupted.',
  }) as unknown,
}

describe('readWithinLimit', () => {
  test('reads the whole stream when it stays within the limit', async () => {
    const stream = new PassThrough()
    const reading = readWithinLimit(stream, 10)
    stream.write(Buffer.from('hello '))
    stream.end(Buffer.from('you'))
    expect(await outcomeOf(reading)).toEqual({ bytes: Buffer.from('hello you') })
  })

  test('refuses with 413 as soon as the limit is passed, pausing the stream', async () => {
    const stream = new PassThrough()
    const reading = readWithinLimit(stream, 4)
    stream.write(Buffer.from('12345'))
    const outcome = await outcomeOf(reading)
    expect(outcome).toEqual({ error: expect.any(AppError) as unknown })
    expect((outcome as { error: AppError }).error.code).toBe('IMAGE_TOO_LARGE')
    expect(stream.isPaused()).toBe(true)
    expect(stream.destroyed).toBe(false)
  })

  test('a stream destroyed before the read starts is refused at once', async () => {
    const stream = new PassThrough()
    stream.write(Buffer.from('part of an upload'))
    stream.destroy()
    await sleep(0) // its 'close' has already gone by
    expect(await outcomeOf(readWithinLimit(stream, 1000))).toEqual(interrupted)
  })

  test('a stream that closes half-way, without an end, is refused', async () => {
    const stream = new PassThrough()
    const reading = readWithinLimit(stream, 1000)
    stream.write(Buffer.from('the first half'))
    await sleep(0)
    stream.destroy()
    expect(await outcomeOf(reading)).toEqual(interrupted)
  })

  test('a stream that fails passes its error on', async () => {
    const stream = new PassThrough()
    const reading = readWithinLimit(stream, 1000)
    const failure = new Error('socket hang up')
    stream.destroy(failure)
    expect(await outcomeOf(reading)).toEqual({ error: failure })
  })
})
