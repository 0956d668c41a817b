import { QueryClient } from '@tanstack/react-query'
import { configure, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import type { User } from '@/lib/auth/get-userinfo'

configure({ asyncUtilTimeout: 8000 })

export type ApiAnswer = { status: number; body: unknown; headers?: Record<string, string> }
/** One call's answer: a body (200), an ApiAnswer, or a function of the request body. */
export type ApiHandler = unknown | ((body: unknown) => ApiAnswer | unknown | Promise<unknown>)

export const reply = (status: number, body: unknown, headers?: Record<string, string>): ApiAnswer => ({
  status,
  body,
  headers,
})
const isAnswer = (value: unknown): value is ApiAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value

/**
 * Stubs fetch: keys are 'METHOD /api/path'; /api/userinfo answers for `user` (null: no session);
 * anything else is a 404. The mock records every call.
 */
export function fakeApi(handlers: Record<string, ApiHandler>, user: User | null = null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const key = `${method} ${url.pathname}`
    let result: unknown
    if (key in handlers) {
      const handler = handlers[key]
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      result = await (typeof handler === 'function' ? handler(body) : handler)
    } else if (url.pathname === '/api/userinfo') {
      result = reply(200, user)
    } else {
      result = reply(404, [{ msg: 'Not found' }])
    }
    const answer = isAnswer(result) ? result : reply(200, result)
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The JSON bodies sent to one path, in order. */
export function sentTo(fetchMock: ReturnType<typeof fakeApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined))
}

function Where() {
  const { pathname, search } = useLocation()
  return <div hidden data-testid="page-location">{pathname + search}</div>
}

/** Where the page under test has navigated to (path and query). */
export const location = () => screen.getByTestId('page-location').textContent

/**
 * Renders one page at `path` under the route `pattern` (for its params), with the query client
 * and router; any other path renders nothing but the location probe.
 */
export function renderPage(page: ReactElement, { path, pattern = path }: { path: string; pattern?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const result = render(
    <AppProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </AppProvider>,
  )
  return { ...result, client }
}
