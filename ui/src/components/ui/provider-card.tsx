import { ArrowRight, MapPin } from 'lucide-react'
import type { Provider } from '@/lib/catalog-schemas'
import { deliveryText, durationText, feeText } from '@/lib/offering-facts'
import { ExampleTag } from './example-tag'
import { RatedScore } from './rated-score'
import { RecentScore } from './recent-score'
import { StandingTag } from './register-tags'
import { GatedLink, type LoginGate } from './login-gate'

export type ListedProvider = Provider & { distance: number | null }

type ProviderCardProps = {
  provider: ListedProvider
  /** Where 'View / Leave a review' goes. */
  to: string
  gate: LoginGate
  /** The course, shown on each card of the search results. */
  course?: { courseCode: string; name: string }
  /** The 'Compare' checkbox: whether this provider is chosen, and the pick or unpick. */
  compare?: { checked: boolean; onToggle: () => void }
}

/** One provider of a course: who, where, how far, its review counts and scores (the last 24 months' too), and the way to its reviews. */
export function ProviderCard({ provider, to, gate, course, compare }: ProviderCardProps) {
  const { reviewCount, rating, location } = provider
  const place = [location.town, location.state].filter(Boolean).join(', ')
  return (
    <article className="flex flex-col gap-5 rounded-lg border border-line bg-white p-5 shadow-xs lg:flex-row lg:items-center lg:gap-6">
      <div className="min-w-0 flex-1">
        {course && <p className="text-sm font-semibold tracking-wide text-brand-700">{course.courseCode}</p>}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="text-lg font-semibold text-brand-950">{provider.name}</h3>
          {provider.isExample && <ExampleTag />}
          <StandingTag standing={provider.standing} />
        </div>
        {course && <p className="mt-0.5 text-sm text-ink">{course.name}</p>}
        {provider.facts && <FactsLine facts={provider.facts} />}
        {(place || provider.distance !== null) && (
          <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {place && <span>{place}</span>}
            {place && provider.distance !== null && <span aria-hidden="true">·</span>}
            {provider.distance !== null && (
              <span data-testid="distance" className="font-medium text-ink">
                {provider.distance} km away
              </span>
            )}
          </p>
        )}
        <RecentScore recent={rating.recent} count={rating.recentRatedCount} className="mt-1.5" />
      </div>

      <div className="grid grid-cols-3 gap-2 text-center lg:w-96 lg:shrink-0">
        <div className="flex flex-col items-center gap-1">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-950">
            {reviewCount.total}
          </span>
          <span className="text-xs leading-tight font-medium text-ink">Total reviews</span>
        </div>
        <RatedScore label="Student or Graduate" score={rating.student} count={rating.ratedCount.student} reviews={reviewCount.student} />
        <RatedScore label="Employer" score={rating.employer} count={rating.ratedCount.employer} reviews={reviewCount.employer} />
      </div>

      <div className="flex flex-col gap-2">
        <GatedLink
          to={to}
          gate={gate}
          aria-label={`View / Leave a review for ${provider.name}`}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-brand-800"
        >
          View / Leave a review
          <ArrowRight aria-hidden="true" className="size-4" />
        </GatedLink>
        {compare && (
          <label className="inline-flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-md border border-line px-3 text-sm font-semibold text-brand-950 hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input type="checkbox" checked={compare.checked} onChange={compare.onToggle} className="size-4 accent-brand-700" />
            Compare <span className="sr-only">{provider.name}</span>
          </label>
        )}
      </div>
    </article>
  )
}

/** Fee, duration and delivery on one line, where the provider has said them. */
function FactsLine({ facts }: { facts: NonNullable<Provider['facts']> }) {
  const parts = [
    feeText(facts),
    durationText(facts.durationWeeks, facts.durationMaxWeeks),
    deliveryText(facts.deliveryModes),
  ].filter(Boolean)
  if (parts.length === 0) return null
  return (
    <p className="mt-1.5 text-sm font-medium text-ink" data-testid="provider-facts">
      {parts.join(' · ')}
    </p>
  )
}
