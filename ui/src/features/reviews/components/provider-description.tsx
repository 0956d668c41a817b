import { useEffect, useId, useRef, useState } from 'react'
import { RichText } from '@/components/ui/rich-text'
import { linkButton } from '@/components/ui/button-styles'

/** Taller than this, the description is cut to COLLAPSED_PX with a toggle (spec section 2). */
export const DESCRIPTION_LIMIT_PX = 300
export const COLLAPSED_PX = 180
/** The height is measured this long after the provider has loaded. */
export const MEASURE_DELAY_MS = 1000

/** The provider's description (sanitised HTML), limited to 180 px with Show more / Show less when long. */
export function ProviderDescription({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [long, setLong] = useState(false)
  const [open, setOpen] = useState(false)
  const id = useId()

  useEffect(() => {
    const timer = setTimeout(() => {
      if (ref.current) setLong(ref.current.scrollHeight > DESCRIPTION_LIMIT_PX)
    }, MEASURE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [html])

  const limited = long && !open
  return (
    <div>
      <div
        id={id}
        ref={ref}
        data-limited={limited || undefined}
        style={limited ? { maxHeight: COLLAPSED_PX } : undefined}
        className={`relative ${limited ? 'overflow-hidden' : ''}`}
      >
        <RichText html={html} className="text-muted" />
        {limited && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-linear-to-t from-white" />
        )}
      </div>
      {long && (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className={`mt-3 ${linkButton}`}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  )
}
