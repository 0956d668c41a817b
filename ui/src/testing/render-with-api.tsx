import { configure, render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import type { Visitor } from './render-app'

// Whole-app renders load lazy pages and several answers in turn; on a busy 2-core machine that
// can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 8000 })

type Answer = { status: number; body: unknown; headers?: Record<string, string> }
/** Answers one call: a body (200), an Answer, or a function of the request body and URL. */
export type Handler = unknown | ((body: unknown, url: URL) => Answer | unknown)
/** Keys are 'METHOD /api/path' (no query string). */
export type Handlers = Record<string, Handler>

export const answer = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({ status, body, headers })
const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value

const json = ({ status, body, headers }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** Stubs fetch with the given API answers; /api/userinfo answers for `visitor`, anything else 404. */
export function stubApi(visitor: Visitor, handlers: Handlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/userinfo') {
      if (visitor === 'pending') return new Promise(() => {})
      return json(answer(200, visitor))
    }
    const handler = handlers[`${method} ${url.pathname}`]
    if (handler === undefined) return json(answer(404, [{ msg: 'Not found' }]))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const result = await (typeof handler === 'function' ? handler(body, url) : handler)
    return json(isAnswer(result) ? result : answer(200, result))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <div hidden data-testid="where">{pathname + search}</div>
}

/** The path and query the app is at. */
export const where = () => screen.getByTestId('where').textContent

/** Renders the whole app at `path` against the stubbed API. */
export function renderWithApi(path: string, handlers: Handlers, visitor: Visitor = null) {
  const fetchMock = stubApi(visitor, handlers)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const result = render(
    <AppProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  )
  return { ...result, fetchMock }
}

/** The request bodies sent to one API call. */
export function bodiesSent(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined))
}
