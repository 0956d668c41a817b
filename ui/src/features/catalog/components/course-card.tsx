import { ArrowRight, Building2, MessageSquareText } from 'lucide-react'
import { Link } from 'react-router'
import type { Course } from '@/lib/catalog-schemas'
import { pluralise } from '@/lib/score'

/** A course on its career's page: code, name, provider count and review count (or N/A). */
export function CourseCard({ course, to }: { course: Course; to: string }) {
  return (
    <article className="group relative flex flex-col gap-3 rounded-lg border border-line bg-white p-5 shadow-xs transition-shadow focus-within:shadow-md hover:border-brand-300 hover:shadow-md sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold tracking-wide text-brand-700">{course.courseCode}</p>
        <h3 className="mt-1 text-lg font-semibold text-brand-950">
          <Link to={to} className="rounded-sm after:absolute after:inset-0 after:rounded-lg after:content-['']">
            {course.name}
          </Link>
        </h3>
      </div>
      <div className="flex items-center gap-6 text-sm text-muted">
        <span className="inline-flex items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-4" />
          {pluralise(course.providers, 'provider')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageSquareText aria-hidden="true" className="size-4" />
          Reviews: <span className="font-semibold text-ink">{course.reviews > 0 ? course.reviews : 'N/A'}</span>
        </span>
        <ArrowRight aria-hidden="true" className="hidden size-4 text-brand-700 transition-transform group-hover:translate-x-1 sm:block" />
      </div>
    </article>
  )
}
