/** One entry of the server's error shape: every 4xx/5xx body is a list of these. */
export type ApiMessage = { msg: string; param?: string; code?: number }

type ValidationResult<T> = { value: T; issues?: undefined } | { issues: ReadonlyArray<{ message: string }> }

/**
 * A Standard Schema, which every zod schema (classic or zod/mini) is. Keeping zod out of this
 * file keeps it out of the initial bundle; each call brings its own schema.
 */
export type Schema<T> = {
  readonly '~standard': { validate: (value: unknown) => ValidationResult<T> | Promise<ValidationResult<T>> }
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.'

export class ApiError extends Error {
  readonly status: number
  readonly messages: ApiMessage[]

  constructor(status: number, messages: ApiMessage[]) {
    super(messages.map((m) => m.msg).join(' ') || FALLBACK_MESSAGE)
    this.name = 'ApiError'
    this.status = status
    this.messages = messages
  }
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  /** The answer's schema; a promise lets a call load its schema while the request is in flight. */
  schema?: Schema<T> | Promise<Schema<T>>
  signal?: AbortSignal
  /** Sees a successful answer's headers (e.g. a list's `X-Total-Count`). */
  onHeaders?: (headers: Headers) => void
}

/**
 * Calls the same-origin API. The session travels in an HttpOnly cookie, so there is no token
 * to attach; the JSON content type is what the server asks of cookie-authenticated writes.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal } = options
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, [{ msg: 'Could not reach CourseSource. Check your connection and try again.' }])
  }

  if (!response.ok) throw new ApiError(response.status, await readErrorMessages(response))
  options.onHeaders?.(response.headers)
  const schema = await options.schema
  if (response.status === 204 || !schema) return undefined as T

  const result = await schema['~standard'].validate(await response.json())
  if (result.issues) {
    throw new Error(`Unexpected answer from ${path}: ${result.issues.map((i) => i.message).join('; ')}`)
  }
  return result.value
}

async function readErrorMessages(response: Response): Promise<ApiMessage[]> {
  try {
    const body: unknown = await response.json()
    if (Array.isArray(body) && body.length > 0 && body.every(isApiMessage)) return body
  } catch {
    // Not JSON (a proxy's error page, say): fall through to the generic message.
  }
  return [{ msg: FALLBACK_MESSAGE }]
}

function isApiMessage(value: unknown): value is ApiMessage {
  return typeof value === 'object' && value !== null && typeof (value as ApiMessage).msg === 'string'
}

export const api = {
  get: <T>(path: string, schema: RequestOptions<T>['schema'], signal?: AbortSignal) =>
    apiRequest(path, { schema, signal }),
  post: <T = void>(path: string, body?: unknown, schema?: RequestOptions<T>['schema']) =>
    apiRequest(path, { method: 'POST', body: body ?? {}, schema }),
}
