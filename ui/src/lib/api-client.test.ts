import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { ApiError, api } from './api-client'

const respond = (status: number, body?: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status })),
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client', () => {
  it('sends JSON and no-cache headers with the same-origin cookie', async () => {
    respond(200, { ok: true })
    await api.post('/api/thing', { a: 1 }, z.object({ ok: z.boolean() }))
    expect(fetch).toHaveBeenCalledWith('/api/thing', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      body: '{"a":1}',
      signal: undefined,
    })
  })

  it('parses the answer with the schema', async () => {
    respond(200, { count: 3, extra: 'ignored' })
    await expect(api.get('/api/count', z.object({ count: z.number() }))).resolves.toEqual({ count: 3 })
  })

  it('rejects an answer that does not match the schema', async () => {
    respond(200, { count: 'three' })
    await expect(api.get('/api/count', z.object({ count: z.number() }))).rejects.toThrow(/Unexpected answer from \/api\/count/)
  })

  it('answers undefined for 204', async () => {
    respond(204)
    await expect(api.post('/api/logout')).resolves.toBeUndefined()
  })

  it('turns the error list into an ApiError with status and messages', async () => {
    respond(400, [{ msg: 'Email is required', param: 'email' }, { msg: 'Password is required', param: 'password' }])
    const error = await api.post('/api/auth/login', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      messages: [
        { msg: 'Email is required', param: 'email' },
        { msg: 'Password is required', param: 'password' },
      ],
      message: 'Email is required Password is required',
    })
  })

  it('keeps the duplicate code of a sign-up conflict', async () => {
    respond(409, [{ msg: 'This email address is already in use.', param: 'email', code: 11000 }])
    const error = (await api.post('/api/register', {}).catch((e: unknown) => e)) as ApiError
    expect(error.messages[0].code).toBe(11000)
  })

  it('falls back to a generic message when the error body is not ours', async () => {
    respond(502, '<html>Bad gateway</html>')
    const error = (await api.get('/api/x', z.unknown()).catch((e: unknown) => e)) as ApiError
    expect(error.status).toBe(502)
    expect(error.messages).toEqual([{ msg: 'Something went wrong. Please try again.' }])
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const error = (await api.get('/api/x', z.unknown()).catch((e: unknown) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(0)
  })
})
