import type { Readable } from 'node:stream'
import { AppError } from '../../app-error.ts'

const interrupted = () => new AppError('BAD_REQUEST', { message: 'The upload was interrupted.' })

/**
 * Reads a stream into memory, refusing with 413 as soon as it passes `limit` bytes, so a body
 * sent without a length (or with a false one) never costs more than the limit. On refusal the
 * stream is only paused, not destroyed: destroying a request would drop the connection before
 * the 413 could be answered.
 *
 * A stream that is already gone (the client left while the caller was busy, before these
 * listeners existed) or that closes without 'end' is refused at once, never waited on forever.
 */
export function readWithinLimit(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed || stream.readableAborted) {
      reject(interrupted())
      return
    }
    const chunks: Buffer[] = []
    let total = 0
    const stop = () => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', onError)
      stream.off('aborted', onInterrupted)
      stream.off('close', onInterrupted)
    }
    const onData = (chunk: Buffer) => {
      total += chunk.length
      if (total > limit) {
        stop()
        stream.pause()
        chunks.length = 0
        reject(new AppError('IMAGE_TOO_LARGE'))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(Buffer.concat(chunks, total))
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    // 'close' before 'end' (the listener is gone once 'end' came): the rest will never come
    const onInterrupted = () => {
      stop()
      reject(interrupted())
    }
    stream.on('data', onData)
    stream.on('end', onEnd)
    stream.on('error', onError)
    stream.on('aborted', onInterrupted)
    stream.on('close', onInterrupted)
  })
}
