import { ArrowRight, GraduationCap } from 'lucide-react'
import { Link } from 'react-router'
import { htmlToText } from '@/lib/html-text'
import { pluralise } from '@/lib/score'
import type { Career } from '@/lib/catalog/career-schema'

/** A career on its industry's page: name, course count and the start of its copy. */
export function CareerCard({ career }: { career: Career }) {
  return (
    <article className="group relative flex h-full flex-col rounded-lg border border-line bg-white p-5 shadow-xs transition-shadow focus-within:shadow-md hover:border-brand-300 hover:shadow-md">
      <h3 className="text-lg font-semibold text-brand-950">
        <Link
          to={`/industry/${career.industrySlug}/${career.slug}`}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg after:content-['']"
        >
          {career.name}
        </Link>
      </h3>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-muted">{htmlToText(career.copy)}</p>
      <p className="mt-4 flex items-center justify-between text-sm font-medium text-brand-700">
        <span className="inline-flex items-center gap-1.5">
          <GraduationCap aria-hidden="true" className="size-4" />
          {pluralise(career.courses, 'course')}
        </span>
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
      </p>
    </article>
  )
}
