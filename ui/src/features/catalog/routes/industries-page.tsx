import { GraduationCap } from 'lucide-react'
import { PageFrame } from '@/components/ui/page-frame'
import { CardGridSkeleton, Skeleton } from '@/components/ui/skeleton'
import { useCourseCount } from '../api/get-course-count'
import { useIndustries } from '../api/get-industries'
import { IndustryGrid } from '../components/industry-card'

/** Industries: the total course count and every industry. */
export default function IndustriesPage() {
  const industries = useIndustries()
  const courseCount = useCourseCount()

  return (
    <PageFrame
      title="Industries"
      intro="Start with the industry you want to work in, then pick a career and compare the providers that teach its courses."
    >
      <div className="mb-8 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-brand-950">
        <GraduationCap aria-hidden="true" className="size-5 text-brand-700" />
        {courseCount.isPending ? (
          <Skeleton className="h-5 w-40" />
        ) : courseCount.isError ? (
          <span>Courses across every industry</span>
        ) : (
          <span>
            <strong className="font-bold">{courseCount.data.toLocaleString('en-AU')}</strong>{' '}
            {courseCount.data === 1 ? 'course' : 'courses'}
            {industries.data && ` across ${industries.data.length} industries`}
          </span>
        )}
      </div>
      {industries.isPending ? (
        <CardGridSkeleton count={9} label="Loading industries…" />
      ) : industries.isError ? (
        <p className="text-muted">Industries could not be loaded just now. Please try again in a moment.</p>
      ) : (
        <IndustryGrid industries={industries.data} headingLevel="h2" />
      )}
    </PageFrame>
  )
}
