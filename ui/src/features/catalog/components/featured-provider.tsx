import { ArrowRight, GraduationCap, Star } from 'lucide-react'
import { GatedLink, type LoginGate } from '@/components/ui/login-gate'
import { ScoreCircle } from '@/components/ui/score-circle'
import { Skeleton } from '@/components/ui/skeleton'
import { RatedCount } from '@/components/ui/rated-count'
import { formatScore, pluralise } from '@/lib/score'
import { averageFor, useRandomProvider } from '../api/get-random-provider'

/**
 * The home page's randomly chosen provider: name, course, review count, the student and
 * employer averages and the overall badge: the pair's real average with its count ('N/A'
 * without rated reviews; never a made-up figure). The whole card leads to the provider's
 * reviews (login needed). A failure hides the card, as the spec keeps loading errors silent.
 */
export function FeaturedProvider({ gate }: { gate: LoginGate }) {
  const { data: provider, isPending } = useRandomProvider()

  if (isPending) {
    return (
      <div aria-busy="true" className="rounded-lg bg-white p-6 shadow-xl">
        <span className="sr-only">Loading the featured provider…</span>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-4 h-7 w-3/4" />
        <Skeleton className="mt-3 h-4 w-2/3" />
        <div className="mt-6 flex gap-6">
          <Skeleton className="size-16 rounded-full" />
          <Skeleton className="size-16 rounded-full" />
        </div>
      </div>
    )
  }
  if (!provider) return null

  const to = `/course/${provider.courseSlug}/${provider.providerSlug}`
  return (
    <article className="group relative rounded-lg bg-white p-6 text-ink shadow-xl transition-shadow focus-within:ring-3 focus-within:ring-accent-400 hover:shadow-2xl">
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Featured provider</p>
        <p data-testid="featured-overall" className="flex flex-col items-end gap-0.5 text-right">
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2.5 py-1 text-sm font-bold text-brand-950">
            <Star aria-hidden="true" className="size-4 fill-accent-500 text-accent-500" />
            {formatScore(provider.overall)}
            <span className="text-xs font-medium text-muted">overall</span>
          </span>
          {provider.reviewCount > 0 && <RatedCount count={provider.ratedCount} reviews={provider.reviewCount} />}
        </p>
      </div>
      <h2 className="mt-2 text-2xl font-bold tracking-tight text-brand-950">
        <GatedLink
          to={to}
          gate={gate}
          className="after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none"
        >
          {provider.providerName}
        </GatedLink>
      </h2>
      <p className="mt-2 flex items-start gap-2 text-muted">
        <GraduationCap aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {provider.courseName}
      </p>
      <div className="mt-5 grid grid-cols-3 gap-2 text-center">
        <div className="flex flex-col items-center gap-1">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-950">
            {provider.reviewCount}
          </span>
          <span className="text-xs leading-tight font-medium">{provider.reviewCount === 1 ? 'Review' : 'Reviews'}</span>
        </div>
        <FeaturedScore label="Student or Graduate" score={averageFor(provider, 'Student')} />
        <FeaturedScore label="Employer" score={averageFor(provider, 'Employer')} />
      </div>
      <p className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
        {provider.reviewCount > 0 ? `Read ${pluralise(provider.reviewCount, 'review')}` : 'Be the first to review'}
        <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
      </p>
    </article>
  )
}

function FeaturedScore({ label, score }: { label: string; score: number | null }) {
  return (
    <div className="flex flex-col items-center gap-1">
      <ScoreCircle score={score} label={`${label} average`} size="sm" />
      <span className="text-xs leading-tight font-medium">{label}</span>
    </div>
  )
}
