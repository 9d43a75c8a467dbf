import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadUrl,
} from '#shared/schemas/admin.ts'
import { ApiError, apiRequest } from '#web/lib/api-client.ts'

/** Why an image was not stored, with the toast the page shows (docs/product.md#uploads). */
export class UploadRefused extends Error {
  override name = 'UploadRefused'
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`)
  }
}

const refused = (message: { title: string; description: string }) =>
  new UploadRefused(message.title, message.description)

function refusalFor(status: number, serverMessage: string | undefined): UploadRefused {
  if (status === 415) return refused(UPLOAD_MESSAGES.invalidType)
  if (status === 413) return refused(UPLOAD_MESSAGES.tooLarge)
  if (status === 422) {
    return new UploadRefused(
      UPLOAD_MESSAGES.failed.title,
      serverMessage ?? UPLOAD_MESSAGES.tooManyPixels,
    )
  }
  return refused(UPLOAD_MESSAGES.failed)
}

/**
 * Stores an image for a product and answers its address (the product's imageUrl). The type and
 * size are checked here first for a quick answer; the server decides from the bytes.
 */
export async function uploadImage(file: File): Promise<string> {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw refused(UPLOAD_MESSAGES.invalidType)
  }
  if (file.size > UPLOAD_MAX_BYTES) throw refused(UPLOAD_MESSAGES.tooLarge)

  let ticket: UploadUrl
  try {
    ticket = await apiRequest<UploadUrl>('POST', '/api/admin/upload-url', {
      body: { contentType: file.type, size: file.size },
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw refused(UPLOAD_MESSAGES.failed)
    throw refused(
      'size' in error.fieldErrors ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.invalidType,
    )
  }

  const put = await fetch(ticket.uploadURL, {
    method: 'PUT',
    headers: { 'content-type': file.type },
    body: file,
    credentials: 'same-origin',
  }).catch(() => null)
  if (!put) throw refused(UPLOAD_MESSAGES.failed)
  if (!put.ok) {
    const body = (await put.json().catch(() => undefined)) as { message?: string } | undefined
    throw refusalFor(put.status, body?.message)
  }
  if (ticket.completeURL === null) return ticket.objectPath

  try {
    const stored = await apiRequest<{ objectPath: string }>('POST', ticket.completeURL)
    return stored.objectPath
  } catch (error) {
    throw error instanceof ApiError
      ? refusalFor(error.status, error.serverMessage)
      : refused(UPLOAD_MESSAGES.failed)
  }
}
