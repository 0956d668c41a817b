import { ArrowLeft, RotateCw } from 'lucide-react'
import { useMemo } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { Breadcrumb } from '@/components/ui/breadcrumb'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { LocationHint } from '@/components/ui/location-hint'
import { Notice } from '@/components/ui/notice'
import { PageNotFound } from '@/components/ui/not-found'
import { PageFrame } from '@/components/ui/page-frame'
import { HeroSkeleton, LoadingRegion, Skeleton } from '@/components/ui/skeleton'
import { useLoginGate } from '@/components/ui/use-login-gate'
import { ApiError } from '@/lib/api-client'
import { useUser } from '@/lib/auth/get-userinfo'
import { useCourseBySlug } from '@/lib/catalog/get-course-by-slug'
import { providersPage } from '@/lib/catalog/providers-page'
import { comparedSlugs } from '@/lib/compare-selection'
import { useDocumentTitle } from '@/lib/document-title'
import { useGeolocation } from '@/lib/geo'
import { isNotFound } from '@/lib/query-retry'
import { useComparison } from '../api/compare-providers'
import { CompareTable } from '../components/compare-table'

/**
 * Compare providers (/course/:course/compare?providers=a,b,c): up to three providers of a
 * course side by side. Public, like the providers list it is reached from.
 */
export default function ComparePage() {
  const courseSlug = useParams().course ?? ''
  // useLocation rather than useSearchParams, as the search page does (bundle size).
  const { search } = useLocation()
  const slugs = useMemo(() => comparedSlugs(search), [search])
  const comparison = useComparison(courseSlug, slugs)
  // For the way back when the comparison fails (shared with the providers list, usually cached).
  const course = useCourseBySlug(courseSlug)
  const geo = useGeolocation()
  const { gate, dialog } = useLoginGate(useUser())

  const found = comparison.data?.course
  useDocumentTitle(found ? { name: 'Compare providers', context: found.name } : null)

  // An unknown course: say so, not what the comparison call answers about its providers.
  if (isNotFound(course.error)) {
    return (
      <PageNotFound title="Course not found">
        We couldn't find that course. Browse the industries, or search for the course by its name or code.
      </PageNotFound>
    )
  }
  if (comparison.isPending || (comparison.isError && course.isPending)) {
    return (
      <>
        <HeroSkeleton />
        <div className="container-page py-10">
          <LoadingRegion label="Loading the comparison…">
            <Skeleton className="h-96 w-full" />
          </LoadingRegion>
        </div>
      </>
    )
  }
  if (comparison.isError) {
    const back = providersPage(course.data)
    const answered = comparison.error instanceof ApiError && comparison.error.status >= 400 && comparison.error.status < 500
    return (
      <PageFrame title="Compare providers">
        <div className="max-w-2xl space-y-5">
          <Notice tone="error">
            {answered ? comparison.error.message : "We couldn't load the comparison just now. Please try again in a moment."}
          </Notice>
          <div className="flex flex-wrap gap-3">
            <Link to={back} className={primaryButton}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {course.data ? 'Back to the providers' : 'Browse all industries'}
            </Link>
            {!answered && (
              <button type="button" onClick={() => void comparison.refetch()} className={secondaryButton}>
                <RotateCw aria-hidden="true" className="size-4" />
                Try again
              </button>
            )}
          </div>
        </div>
      </PageFrame>
    )
  }

  const { course: c, providers } = comparison.data
  const back = providersPage(c)
  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-10">
          <Breadcrumb items={[{ label: 'Industries', to: '/industries' }, { label: c.name, to: back }, { label: 'Compare providers' }]} />
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{c.courseCode}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">Compare providers</h1>
          <p className="mt-2 text-lg font-medium text-ink">{c.name}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Link to={back} className="inline-flex items-center gap-1.5 rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Change the providers
            </Link>
            <LocationHint status={geo.status} />
          </div>
        </div>
      </div>
      <div className="container-page py-8 sm:py-10">
        <CompareTable course={c} compared={providers} origin={geo.position} gate={gate} />
      </div>
      {dialog}
    </>
  )
}
