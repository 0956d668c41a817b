import { Suspense, useEffect, useLayoutEffect } from 'react'
import { Navigate, useLocation, useParams } from 'react-router'
import { PageSkeleton } from '@/components/ui/page-skeleton'
import { STORAGE_KEYS } from '@/config/site'
import { useUser } from '@/lib/auth/get-userinfo'
import { formatTitle } from '@/lib/document-title'
import { guardRedirect } from './guards'
import { resolveTitle, type PageRoute } from './routes'

/** Sets the route's title, applies its access rule, remembers the visit and renders the page. */
export function RouteGate({ route }: { route: PageRoute }) {
  const params = useParams()
  const location = useLocation()
  const user = useUser()
  const title = resolveTitle(route, params)
  const titleText = formatTitle(title)

  // A layout effect, so a page's own useDocumentTitle (a passive effect) always wins.
  useLayoutEffect(() => {
    document.title = titleText
  }, [titleText])

  const deciding = route.access !== 'public' && user === undefined
  const redirect = deciding ? null : guardRedirect(route.access, user ?? null, location)
  const here = location.pathname + location.search

  // previousUrl is where login sends the user back to, so the account forms
  // themselves (login, sign-up, ...) and pages the user was turned away from are skipped.
  const remember = !deciding && !redirect && route.access !== 'loggedOut'
  useEffect(() => {
    if (remember) localStorage.setItem(STORAGE_KEYS.previousUrl, here)
  }, [remember, here])

  if (deciding) return <PageSkeleton />
  if (redirect) return <Navigate to={redirect} replace />

  const Page = route.page
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  )
}
