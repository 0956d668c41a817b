import { ArrowRight } from 'lucide-react'
import { Link, useParams, useSearchParams } from 'react-router'
import { FollowButton } from '@/components/ui/follow-button'
import { LocationHint } from '@/components/ui/location-hint'
import { useLoginGate } from '@/components/ui/use-login-gate'
import { ProviderList } from '@/components/ui/provider-list'
import { RichText } from '@/components/ui/rich-text'
import { ReplacedNotice, ReplacesNote } from '@/components/ui/succession-notes'
import { HeroSkeleton, ListSkeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth/get-userinfo'
import { useDocumentTitle } from '@/lib/document-title'
import { useGeolocation } from '@/lib/geo'
import { isNotFound } from '@/lib/query-retry'
import { useCareerBySlug } from '@/lib/catalog/get-career-by-slug'
import { useCourseBySlug } from '@/lib/catalog/get-course-by-slug'
import { providersPage } from '@/lib/catalog/providers-page'
import { filtersFromParams, isFiltered, withParam } from '@/lib/provider-filters'
import type { ProviderSort } from '@/lib/provider-list'
import { useProvidersByCourseId } from '../api/get-providers-by-course-id'
import { FactFilters } from '../components/fact-filters'
import { CatalogHero } from '../components/catalog-hero'
import { PageLoadError, PageNotFound } from '@/components/ui/not-found'
import { OtherIndustries } from '../components/other-industries'

/**
 * Course providers list: where the course sits, what it and the career are about, the other
 * careers it leads to, then its providers with filter, sort and paging.
 */
export default function CourseProvidersPage() {
  const params = useParams()
  const industrySlug = params.industry ?? ''
  const careerSlug = params.career ?? ''
  const courseSlug = params.course ?? ''
  const geo = useGeolocation()
  const user = useUser()
  const { gate, dialog } = useLoginGate(user)

  const course = useCourseBySlug(courseSlug)
  const career = useCareerBySlug(careerSlug)
  // The address must hold together: the career in this industry, the course leading to the career.
  const foundCareer = career.data?.industrySlug === industrySlug ? career.data : undefined
  const foundCourse = course.data?.careers.some((c) => c.slug === careerSlug) ? course.data : undefined
  // The fact filters and the sort live in the address, so a filtered list can be shared.
  const [query, setQuery] = useSearchParams()
  const filters = filtersFromParams(query)
  const providers = useProvidersByCourseId(foundCareer && foundCourse ? foundCourse._id : undefined, filters)
  const setParam = (name: string, value: string) => setQuery(withParam(query, name, value), { replace: true })
  const sort = { sort: (query.get('sort') ?? 'most-reviewed') as ProviderSort, setSort: (s: ProviderSort) => setParam('sort', s === 'most-reviewed' ? '' : s) }

  useDocumentTitle(foundCourse && foundCareer ? { name: foundCourse.name, context: foundCareer.name } : null)

  if (course.isPending || career.isPending) {
    return (
      <>
        <HeroSkeleton />
        <div className="container-page py-10">
          <ListSkeleton label="Loading providers…" />
        </div>
      </>
    )
  }
  const failed = [course, career].find((q) => q.isError && !isNotFound(q.error))
  if (failed) return <PageLoadError title="Course" />
  if (!foundCourse || !foundCareer) {
    return (
      <PageNotFound title="Course not found">
        We couldn't find that course for this career. Browse the industries, or search for the course by
        its name or code.
      </PageNotFound>
    )
  }

  const base = `/industry/${industrySlug}/${careerSlug}/${courseSlug}`
  const otherCareers = foundCourse.careers.filter((c) => c.slug !== careerSlug)

  return (
    <>
      <CatalogHero
        breadcrumb={[
          { label: 'Industries', to: '/industries' },
          { label: foundCareer.industryName, to: `/industry/${industrySlug}` },
          { label: foundCareer.name, to: `/industry/${industrySlug}/${careerSlug}` },
          { label: foundCourse.name },
        ]}
        eyebrow={foundCourse.courseCode}
        title={foundCourse.name}
      >
        <p>{foundCourse.copy}</p>
        {foundCourse.replaces.length > 0 && (
          <div className="mt-3">
            <ReplacesNote replaces={foundCourse.replaces} />
          </div>
        )}
        {foundCourse.replacedBy.length > 0 && (
          <div className="mt-4">
            <ReplacedNotice replacedBy={foundCourse.replacedBy} linkTo={(next) => providersPage({ ...next, careers: [] })} />
          </div>
        )}
        {user && (
          <div className="mt-5">
            <FollowButton target={{ courseId: foundCourse._id }} userId={user._id} noun="course" subject={foundCourse.name} />
          </div>
        )}
      </CatalogHero>

      <div className="container-page grid gap-6 pt-8 sm:pt-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="about-career" className="rounded-lg border border-line bg-white p-5 sm:p-6">
          <h2 id="about-career" className="text-lg font-semibold text-brand-950">
            About the {foundCareer.name} career
          </h2>
          <RichText html={foundCareer.copy} className="mt-3 text-muted" />
        </section>
        {otherCareers.length > 0 && (
          <section aria-labelledby="other-careers" className="rounded-lg border border-line bg-surface p-5 sm:p-6">
            <h2 id="other-careers" className="text-lg font-semibold text-brand-950">
              This course also leads to
            </h2>
            <ul className="mt-3 space-y-2">
              {otherCareers.map((c) => (
                <li key={c._id}>
                  <Link
                    to={`/industry/${c.industrySlug}/${c.slug}`}
                    className="inline-flex items-center gap-1.5 rounded-sm font-medium text-brand-700 hover:underline"
                  >
                    {c.name}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <section aria-labelledby="course-providers" className="container-page py-10 sm:py-12">
        <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="course-providers" className="text-2xl font-bold tracking-tight text-brand-950">
            Providers delivering this course
          </h2>
          <LocationHint status={geo.status} />
        </div>
        {providers.isPending ? (
          <ListSkeleton label="Loading providers…" />
        ) : providers.isError ? (
          <p className="text-muted">Providers could not be loaded just now. Please try again in a moment.</p>
        ) : (
          <ProviderList
            providers={providers.data}
            origin={geo.position}
            linkFor={(p) => `${base}/${p.slug}`}
            gate={gate}
            compareCourse={foundCourse.slug}
            sort={sort}
            filters={<FactFilters filters={filters} onChange={setParam} />}
            filtered={isFiltered(filters)}
          />
        )}
      </section>

      <OtherIndustries currentSlug={industrySlug} />
      {dialog}
    </>
  )
}
