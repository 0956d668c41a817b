import { BookOpen } from 'lucide-react'
import { useParams } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { RichText } from '@/components/ui/rich-text'
import { HeroSkeleton, ListSkeleton } from '@/components/ui/skeleton'
import { useDocumentTitle } from '@/lib/document-title'
import { isNotFound } from '@/lib/query-retry'
import { useCareerBySlug } from '@/lib/catalog/get-career-by-slug'
import { useCoursesByCareerId } from '../api/get-courses-by-career-id'
import { CatalogHero } from '../components/catalog-hero'
import { CourseCard } from '../components/course-card'
import { PageLoadError, PageNotFound } from '@/components/ui/not-found'
import { OtherIndustries } from '../components/other-industries'

/** Career: its copy, the courses that lead to it, and two other industries to explore. */
export default function CareerPage() {
  const params = useParams()
  const industrySlug = params.industry ?? ''
  const careerSlug = params.career ?? ''
  const career = useCareerBySlug(careerSlug)
  // A career belongs to one industry; another industry's address for it is not a page.
  const found = career.data && career.data.industrySlug === industrySlug ? career.data : undefined
  const courses = useCoursesByCareerId(found?._id)

  useDocumentTitle(found ? { name: found.name, context: found.industryName } : null)

  if (career.isPending) {
    return (
      <>
        <HeroSkeleton />
        <div className="container-page py-10">
          <ListSkeleton label="Loading courses…" />
        </div>
      </>
    )
  }
  if (career.isError && !isNotFound(career.error)) return <PageLoadError title="Career" />
  if (!found) {
    return (
      <PageNotFound title="Career not found">
        We couldn't find that career. Browse the industries to find the career you're after.
      </PageNotFound>
    )
  }

  const base = `/industry/${industrySlug}/${careerSlug}`
  return (
    <>
      <CatalogHero
        breadcrumb={[
          { label: 'Industries', to: '/industries' },
          { label: found.industryName, to: `/industry/${industrySlug}` },
          { label: found.name },
        ]}
        eyebrow={`Career in ${found.industryName}`}
        title={found.name}
      >
        <RichText html={found.copy} />
      </CatalogHero>

      <section aria-labelledby="career-courses" className="container-page py-10 sm:py-12">
        <h2 id="career-courses" className="text-2xl font-bold tracking-tight text-brand-950">
          Courses
        </h2>
        <p className="mt-2 text-muted">
          {courses.data && courses.data.length > 0
            ? `${courses.data.length === 1 ? 'One course leads' : `${courses.data.length} courses lead`} to this career. Choose one to compare the providers that deliver it.`
            : 'The courses that lead to this career.'}
        </p>
        <div className="mt-6">
          {courses.isPending ? (
            <ListSkeleton count={2} label="Loading courses…" />
          ) : courses.isError ? (
            <p className="text-muted">Courses could not be loaded just now. Please try again in a moment.</p>
          ) : courses.data.length === 0 ? (
            <EmptyState icon={BookOpen} title="No courses found">
              No courses are listed for this career yet.
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {courses.data.map((course) => (
                <li key={course._id}>
                  <CourseCard course={course} to={`${base}/${course.slug}`} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <OtherIndustries currentSlug={industrySlug} />
    </>
  )
}
