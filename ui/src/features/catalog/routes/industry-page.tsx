import { useMemo } from 'react'
import { useParams } from 'react-router'
import { CardGridSkeleton, HeroSkeleton } from '@/components/ui/skeleton'
import { useDocumentTitle } from '@/lib/document-title'
import { useCareersByIndustryId } from '../api/get-careers-by-industry-id'
import { useIndustries } from '../api/get-industries'
import { CareerCard } from '../components/career-card'
import { CatalogHero } from '../components/catalog-hero'
import { PageLoadError, PageNotFound } from '@/components/ui/not-found'

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en-AU')

/** Industry: its name and copy, then its careers sorted by name. */
export default function IndustryPage() {
  const slug = useParams().industry ?? ''
  const industries = useIndustries()
  const industry = industries.data?.find((i) => i.slug === slug)
  const careers = useCareersByIndustryId(industry?._id)
  const sorted = useMemo(() => (careers.data ? [...careers.data].sort(byName) : []), [careers.data])

  useDocumentTitle(industry ? { name: industry.name, context: 'Industry' } : null)

  if (industries.isPending) {
    return (
      <>
        <HeroSkeleton />
        <div className="container-page py-10">
          <CardGridSkeleton label="Loading careers…" />
        </div>
      </>
    )
  }
  if (industries.isError) return <PageLoadError title="Industry" />
  if (!industry) {
    return (
      <PageNotFound title="Industry not found">
        We couldn't find that industry. It may have been renamed; all our industries are listed on the
        industries page.
      </PageNotFound>
    )
  }

  return (
    <>
      <CatalogHero
        breadcrumb={[{ label: 'Industries', to: '/industries' }, { label: industry.name }]}
        eyebrow="Industry"
        title={industry.name}
      >
        <p>{industry.copy}</p>
      </CatalogHero>
      <section aria-labelledby="industry-careers" className="container-page py-10 sm:py-12">
        <h2 id="industry-careers" className="sr-only">
          Careers in {industry.name}
        </h2>
        <p className="mb-6 text-muted">
          {careers.data
            ? `${careers.data.length} ${careers.data.length === 1 ? 'career' : 'careers'} in ${industry.name}. Choose one to see the courses that lead to it.`
            : `Careers in ${industry.name}`}
        </p>
        {careers.isPending ? (
          <CardGridSkeleton label="Loading careers…" />
        ) : careers.isError ? (
          <p className="text-muted">Careers could not be loaded just now. Please try again in a moment.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sorted.map((career) => (
              <li key={career._id}>
                <CareerCard career={career} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
