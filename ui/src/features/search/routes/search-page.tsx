import { ArrowRight, SearchX } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { LocationHint } from '@/components/ui/location-hint'
import type { LoginGate } from '@/components/ui/login-gate'
import { useLoginGate } from '@/components/ui/use-login-gate'
import { ProviderList } from '@/components/ui/provider-list'
import { ListSkeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth/get-userinfo'
import { useGeolocation, type Geolocation } from '@/lib/geo'
import { NO_MATCH_MESSAGE, useSearchResults, type SearchResults } from '../api/get-search-results'
import { optionLabel } from '../components/option-label'
import { SearchForm } from '../components/search-form'
import { asOption, formFrom, formShows, paramsFor, requestFrom, type SearchFormValue } from '../components/search-params'

/** Search: find a course by name or code, then compare the providers that deliver it. */
export default function SearchPage() {
  // useLocation and useNavigate rather than useSearchParams: the shell already loads them,
  // while useSearchParams would add its code to the initial bundle.
  const { search } = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const request = requestFrom(params)
  const results = useSearchResults(request)
  const geo = useGeolocation()
  const { gate, dialog } = useLoginGate(useUser())
  const [form, setForm] = useState(() => formFrom(params))

  // Back and forward change the URL under the form: follow it unless the form already agrees.
  const urlKey = params.toString()
  const [followedKey, setFollowedKey] = useState(urlKey)
  if (followedKey !== urlKey) {
    setFollowedKey(urlKey)
    if (!formShows(form, request)) setForm(formFrom(params))
  }

  // Opened from a link or a reload, the box holds the course the results are for (once per URL),
  // unless the visitor has started typing something else.
  const found = results.data?.course
  const [filledFor, setFilledFor] = useState<string | null>(null)
  if (found && request?.courseId === found._id && filledFor !== urlKey) {
    setFilledFor(urlKey)
    if (form.selected === null && form.query === (params.get('q') ?? '')) {
      setForm({ ...form, selected: asOption(found), query: optionLabel(asOption(found), form.mode) })
    }
  }

  const submit = (value: SearchFormValue) => {
    const next = paramsFor(value)
    if (next.toString() === urlKey) void results.refetch()
    else navigate({ search: `?${next}` })
  }

  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-12">
          <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">Search for your course</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">
            Find a qualification by its name or its national course code, then compare the training providers
            that deliver it.
          </p>
          <div className="mt-6 max-w-3xl">
            <SearchForm value={form} onChange={setForm} onSubmit={submit} />
            <p className="mt-4 text-sm text-muted">
              Not sure which course you need?{' '}
              <Link to="/industries" className="rounded-sm font-medium text-brand-700 underline hover:text-brand-800">
                Browse by industry and career
              </Link>
            </p>
          </div>
        </div>
      </div>

      {request && (
        <section aria-labelledby="search-results" className="container-page py-10 sm:py-12">
          {results.isPending ? (
            <>
              <h2 id="search-results" className="sr-only">
                Search results
              </h2>
              <ListSkeleton label="Searching…" />
            </>
          ) : results.isError ? (
            <>
              <h2 id="search-results" className="sr-only">
                Search results
              </h2>
              <EmptyState icon={SearchX} title={NO_MATCH_MESSAGE} role="alert">
                Check the spelling, choose a course from the suggestions, or browse the industries.
              </EmptyState>
            </>
          ) : (
            <Results results={results.data} geo={geo} gate={gate} />
          )}
        </section>
      )}
      {dialog}
    </>
  )
}

type ResultsProps = {
  results: SearchResults
  geo: Geolocation
  gate: LoginGate
}

function Results({ results: { course, providers }, geo, gate }: ResultsProps) {
  const career = course.careers[0]
  return (
    <>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{course.courseCode}</p>
          <h2 id="search-results" className="mt-1 text-2xl font-bold tracking-tight text-brand-950">
            {course.name}
          </h2>
          <p role="status" className="mt-1 text-muted">
            {providers.length === 1 ? 'One provider delivers' : `${providers.length} providers deliver`} this course.
            {career && (
              <>
                {' '}
                <Link
                  to={`/industry/${career.industrySlug}/${career.slug}/${course.slug}`}
                  className="inline-flex items-center gap-1 rounded-sm font-medium text-brand-700 hover:underline"
                >
                  About this course
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </>
            )}
          </p>
        </div>
        <LocationHint status={geo.status} />
      </div>
      <ProviderList
        providers={providers}
        origin={geo.position}
        linkFor={(p) => `/course/${course.slug}/${p.slug}`}
        gate={gate}
        course={course}
        compareCourse={course.slug}
      />
    </>
  )
}
