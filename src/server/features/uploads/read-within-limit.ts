import type { Readable } from 'node:stream'
import { AppError } from '../../app-error.ts'

/**
 * Reads a stream into memory, refusing with 413 as soon as it passes `limit` bytes, so a body
 * sent without a length (or with a false one) never costs more than the limit. On refusal the
 * stream is only paused, not destroyed: destroying a request would drop the connection before
 * the 413 could be answered.
 */
export function readWithinLimit(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    const stop = () => {
      stream.off('data', onData)
      stream.off('end', onEnd)
      stream.off('error', onError)
      stream.off('aborted', onAborted)
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
    const onAborted = () => {
      stop()
      reject(new AppError('BAD_REQUEST', { message: 'The upload was interrupted.' }))
    }
    stream.on('data', onData)
    stream.on('end', onEnd)
    stream.on('error', onError)
    stream.on('aborted', onAborted)
  })
}
