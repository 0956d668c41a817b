import { useEffect } from 'react'
import { X } from 'lucide-react'
import { isNotFound } from '@/lib/query-retry'
import { useUser } from '@/lib/auth/get-userinfo'
import { usePromotionStrip, type StripContent } from '../api/get-promotion-strip'
import { useStripShown } from './use-strip-shown'

/**
 * The promotion strip itself (see PromotionStrip), lazily loaded.
 *
 * It takes its place in the page under the header and opens by animating its height (a grid
 * row from 0fr to 1fr), as the issue allows, rather than lying over the page: laid over, it hid
 * a phone page's heading until closed. Reserving its space from the first paint needs its
 * content in the page's first data (the server-written page head, DESIGN decision 18).
 */
export default function StripPanel({ alt }: { alt: boolean }) {
  const strip = usePromotionStrip()
  const user = useUser()
  const { shown, close } = useStripShown(strip.data, user === undefined ? undefined : user !== null)

  // Spec 001: a failed strip load is only logged.
  useEffect(() => {
    if (strip.error && !isNotFound(strip.error)) console.warn('The promotion strip could not be loaded:', strip.error)
  }, [strip.error])

  if (!strip.data?.displayPromotionStrip) return null
  return (
    <div
      className={`grid transition-[grid-template-rows] duration-300 ease-out motion-reduce:transition-none ${
        shown ? 'grid-rows-[1fr]' : 'grid-rows-[0fr]'
      }`}
    >
      <aside
        aria-label="Promotion"
        // Hidden (and out of the tab order) until shown; the transition plays both ways.
        inert={!shown}
        className={`on-dark min-h-0 overflow-hidden text-white ${alt ? 'border-t border-white/15 bg-brand-800' : 'bg-brand-950'} ${
          shown ? 'visible' : 'invisible'
        }`}
      >
        <StripBody content={strip.data} onClose={close} />
      </aside>
    </div>
  )
}

function StripBody({ content, onClose }: { content: StripContent; onClose: () => void }) {
  const showButton = content.displayCTAButton && content.buttonLabel && content.buttonLink
  return (
    <div className="container-page flex items-center gap-3 py-2.5 sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-center gap-x-5 gap-y-2 text-center">
        <div
          className="text-sm font-medium sm:text-base [&_p]:inline [&_strong]:font-bold"
          // The server's sanitised stripMessageHtml (p, br, strong, span with one of three colours).
          dangerouslySetInnerHTML={{ __html: content.stripMessageHtml }}
        />
        {showButton && <StripButton label={content.buttonLabel} link={content.buttonLink} />}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close promotion"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-brand-100 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  )
}

function isExternal(link: string) {
  try {
    return new URL(link, window.location.href).origin !== window.location.origin
  } catch {
    return true
  }
}

/** The call to action; a link to another site opens in a new tab. */
function StripButton({ label, link }: { label: string; link: string }) {
  const external = isExternal(link)
  return (
    <a
      href={link}
      {...(external ? { target: '_blank', rel: 'noopener' } : {})}
      className="inline-flex shrink-0 items-center rounded-md bg-accent-400 px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-950 shadow-sm hover:bg-accent-300"
    >
      {label}
    </a>
  )
}
