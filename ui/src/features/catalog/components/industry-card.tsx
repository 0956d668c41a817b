import { ArrowRight, Briefcase } from 'lucide-react'
import { Link } from 'react-router'
import { pluralise } from '@/lib/score'
import type { Industry } from '../api/get-industries'

type IndustryCardProps = { industry: Industry; headingLevel?: 'h2' | 'h3' }

/** An industry: career count, name, copy and review count; the whole card leads to its page. */
export function IndustryCard({ industry, headingLevel: Heading = 'h3' }: IndustryCardProps) {
  return (
    <article className="group relative flex h-full flex-col rounded-lg border border-line bg-white p-5 shadow-xs transition-shadow focus-within:shadow-md hover:border-brand-300 hover:shadow-md">
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700">
        <Briefcase aria-hidden="true" className="size-4" />
        {pluralise(industry.careerCount, 'career')}
      </p>
      <Heading className="mt-2 text-lg font-semibold text-brand-950">
        <Link
          to={`/industry/${industry.slug}`}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-(--focus-ring)"
        >
          {industry.name}
        </Link>
      </Heading>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-muted">{industry.copy}</p>
      <p className="mt-4 flex items-center justify-between text-sm">
        <span className="text-muted">
          Reviews:{' '}
          <span className="font-semibold text-ink">{industry.reviewCount > 0 ? industry.reviewCount : 'N/A'}</span>
        </span>
        <ArrowRight aria-hidden="true" className="size-4 text-brand-700 transition-transform group-hover:translate-x-1" />
      </p>
    </article>
  )
}

/** Industries as a responsive grid of cards. */
export function IndustryGrid({ industries, headingLevel }: { industries: Industry[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {industries.map((industry) => (
        <li key={industry._id}>
          <IndustryCard industry={industry} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
