/**
 * Every call to our API goes through here (docs/product.md#api-errors): credentials included, and
 * any status of 400 or more becomes an ApiError whose message is "{status}: {statusText}", with the
 * server's own `message` (and field errors) kept beside it.
 */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    statusText: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${statusText || REASONS[status] || 'Error'}`)
  }

  /** the server's explanation, meant for people */
  get serverMessage(): string | undefined {
    const message = (this.body as { message?: unknown } | undefined)?.message
    return typeof message === 'string' ? message : undefined
  }

  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | undefined)?.errors
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {}
  }

  get isClientError() {
    return this.status >= 400 && this.status < 500
  }
}

// HTTP/2 answers carry no status text; these keep the "{status}: {statusText}" message readable.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** How a request reaches the API: the browser's fetch, or the server's own routes in a server render. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>

let transport: ApiTransport = (path, init) => fetch(path, init)

/**
 * A server render (src/web/app/entry-server.tsx) answers the page's first queries from the API
 * in the same process, through the same routes the browser calls.
 */
export function setApiTransport(next: ApiTransport) {
  transport = next
}

/**
 * Answers are typed, not re-validated: the server serializes every answer through the shared
 * schema of its route (and the API tests hold it to that), and parsing again here would put
 * zod into the first page's bundle for no gain.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: {
    body?: unknown
    signal?: AbortSignal | undefined
    headers?: Readonly<Record<string, string>>
  } = {},
): Promise<T> {
  const response = await transport(path, {
    method,
    credentials: 'include',
    headers: {
      ...options.headers,
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined)
  if (!response.ok) throw new ApiError(response.status, response.statusText, data)
  return data as T
}

export const apiGet = <T>(path: string, signal?: AbortSignal) =>
  apiRequest<T>('GET', path, { signal })

/** the message to show a person for a failed call: the server's, else the fallback */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback
}
