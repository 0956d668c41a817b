import { useMemo, useState } from 'react'
import { CardGridSkeleton } from '@/components/ui/skeleton'
import { pickRandom, seededRandom } from '@/lib/random'
import { useIndustries } from '../api/get-industries'
import { IndustryGrid } from './industry-card'

/** How many other industries the career and providers pages suggest (spec section 9). */
const OTHER_INDUSTRIES = 2

/** Two random industries other than the current one, picked once per visit to the page. */
export function OtherIndustries({ currentSlug }: { currentSlug: string }) {
  const industries = useIndustries()
  const [seed] = useState(Math.random)
  const picked = useMemo(
    () =>
      pickRandom(
        (industries.data ?? []).filter((i) => i.slug !== currentSlug),
        OTHER_INDUSTRIES,
        seededRandom(seed),
      ),
    [industries.data, currentSlug, seed],
  )

  if (industries.isError) return null
  return (
    <section aria-labelledby="other-industries" className="border-t border-line bg-surface">
      <div className="container-page py-10 sm:py-12">
        <h2 id="other-industries" className="text-2xl font-bold tracking-tight text-brand-950">
          Explore other industries
        </h2>
        <div className="mt-6">
          {industries.isPending ? <CardGridSkeleton count={2} label="Loading industries…" /> : <IndustryGrid industries={picked} />}
        </div>
      </div>
    </section>
  )
}
