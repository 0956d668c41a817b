import { ArrowRight, Columns3 } from 'lucide-react'
import { Link } from 'react-router'
import { COMPARE_LIMIT_MESSAGE, MOST_COMPARED } from '@/lib/compare-selection'
import { linkButton, primaryButton } from './button-styles'

type CompareBarProps = {
  count: number
  /** The compare page for the chosen providers. */
  url: string
  refused: boolean
  onClear: () => void
}

/**
 * Kept in view at the foot of a providers list once a provider is chosen to compare: how many
 * are chosen, the way to the compare page (from two), and why a fourth pick was refused.
 */
export function CompareBar({ count, url, refused, onClear }: CompareBarProps) {
  const hint = refused ? COMPARE_LIMIT_MESSAGE : count === 1 ? 'Choose at least one more provider to compare.' : `Up to ${MOST_COMPARED} providers.`
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(13_38_51/0.25)] backdrop-blur-sm sm:mx-0 sm:rounded-t-lg sm:border-x sm:px-5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {count >= 2 ? (
          <Link to={url} className={`${primaryButton} px-4 py-2 text-sm`}>
            <Columns3 aria-hidden="true" className="size-4" />
            Compare ({count})
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <span className="inline-flex items-center gap-2 rounded-md bg-line px-4 py-2 text-sm font-semibold text-muted">
            <Columns3 aria-hidden="true" className="size-4" />
            Compare ({count})
          </span>
        )}
        <button type="button" onClick={onClear} className={`${linkButton} text-sm`}>
          Clear <span className="sr-only">the providers chosen to compare</span>
        </button>
        <p role="status" className={`basis-full text-sm sm:basis-auto ${refused ? 'font-semibold text-danger-700' : 'text-muted'}`}>
          {hint}
        </p>
      </div>
    </div>
  )
}
