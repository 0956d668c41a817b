import { configure, render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import type { User } from '@/lib/auth/get-userinfo'

// A whole-app render loads a lazy page chunk; on a busy 2-core machine the first load of a
// chunk can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 8000 })

export const student: User = {
  _id: '1',
  firstName: 'Jess',
  lastName: 'Nguyen',
  email: 'jess@example.com',
  userType: 'Student',
  isAdmin: false,
  avatar: 0,
  profileImage: null,
  hasFavourites: false,
}

export const admin: User = { ...student, _id: '2', firstName: 'Alex', isAdmin: true }

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Who the server says is logged in: a user, null (no session), or 'pending' (never answers). */
export type Visitor = User | null | 'pending'

/** Stubs fetch: /api/userinfo answers for `visitor`, /api/logout 204, the rest 404. */
export function mockApi(visitor: Visitor) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const path = String(input)
    if (path === '/api/userinfo') {
      if (visitor === 'pending') return new Promise(() => {})
      return json(200, visitor)
    }
    if (path === '/api/logout') return new Response(null, { status: 204 })
    return json(404, [{ msg: 'Not found' }])
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <div hidden data-testid="location">{pathname + search}</div>
}

/** The current path and query of the app under test. */
export const currentPath = () => screen.getByTestId('location').textContent

/** Renders the whole app (shell and routes) at `path` for a given user (null: logged out). */
export function renderApp(path: string, visitor: Visitor = null) {
  const fetchMock = mockApi(visitor)
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
