import { lazy, Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PromotionStrip } from '@/features/promotion-strip'
import { Header } from './header'
import { takeNextPageMessage } from '@/lib/next-page-message'
import { PageErrorBoundary } from './page-error-boundary'
import { useCurrentRoute } from './use-current-route'

// Below the fold, so it loads beside the page's own chunk instead of in the initial bundle.
const Footer = lazy(() => import('./footer'))
const NextPageMessage = lazy(() => import('./next-page-message'))

// Read once as the page loads: the message belongs to this load only.
const LEFT_FOR_THIS_LOAD = takeNextPageMessage()

export function Shell() {
  const route = useCurrentRoute()
  const { key } = useLocation()

  // Every navigation starts at the top of the page, as the spec asks.
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [key])

  const showNav = !route?.noNav
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {showNav && <PromotionStrip alt={!!route?.promoAlt} />}
      {showNav && <Header stage={!!route?.stage} />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {LEFT_FOR_THIS_LOAD && (
          <Suspense fallback={null}>
            <NextPageMessage left={LEFT_FOR_THIS_LOAD} />
          </Suspense>
        )}
        <PageErrorBoundary resetKey={key}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      {route?.footer !== false && (
        <Suspense fallback={null}>
          <Footer alt={!!route?.footerAlt} hasSearch={!!route?.hasSearch} />
        </Suspense>
      )}
    </div>
  )
}

function SkipLink() {
  return (
    <a
      href="#main"
      // Focus the page directly: a real hash change would count as a navigation here.
      onClick={(event) => {
        event.preventDefault()
        document.getElementById('main')?.focus()
      }}
      className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      Skip to main content
    </a>
  )
}
