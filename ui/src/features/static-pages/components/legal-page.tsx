import { useEffect, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { proseClass } from './prose'

export type LegalSection = { id: string; title: string; body: ReactNode }

type LegalPageProps = {
  title: string
  intro: ReactNode
  /** 'Last updated' date, written out ('22 November 2026'). */
  updated: string
  sections: LegalSection[]
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true

/** Scrolls to a section and moves focus to its heading, so keyboard and screen reader users land there too. */
function goToSection(id: string) {
  const heading = document.getElementById(id)
  if (!heading) return
  heading.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' })
  heading.focus({ preventScroll: true })
}

/**
 * A long legal page: a table of contents (sticky beside the text on wide screens, on top on
 * phones) and numbered sections. Contents links scroll in place instead of navigating: a hash
 * navigation would count as a new page and send the shell back to the top. A hash in the address
 * (/terms-of-use#review-moderation) is honoured on arrival.
 */
export function LegalPage({ title, intro, updated, sections }: LegalPageProps) {
  const { hash } = useLocation()

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!id) return
    // After the shell's own scroll to the top, which runs after this (parent effects run last).
    const timer = window.setTimeout(() => goToSection(id), 0)
    return () => window.clearTimeout(timer)
  }, [hash])

  const onContentsClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault()
    window.history.replaceState(window.history.state, '', `#${id}`)
    goToSection(id)
  }

  return (
    <PageFrame
      title={title}
      intro={
        <>
          {intro}
          <p className="mt-3 text-base">
            Last updated: <time dateTime={toIsoDate(updated)}>{updated}</time>
          </p>
        </>
      }
    >
      <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="contents-heading" className="lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto">
          <div className="rounded-lg border border-line bg-surface p-5">
            <h2 id="contents-heading" className="text-sm font-semibold tracking-wide text-brand-950 uppercase">
              Contents
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, i) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => onContentsClick(event, section.id)}
                    className="flex gap-2 rounded-sm py-1 text-muted hover:text-brand-700"
                  >
                    <span className="w-5 shrink-0 text-right tabular-nums">{i + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className={proseClass}>
          {sections.map((section, i) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-12 first:mt-0">
              <h2 id={section.id} tabIndex={-1} className="focus:outline-none">
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </PageFrame>
  )
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** '22 November 2026' → '2026-11-22', for the time element. */
function toIsoDate(date: string): string | undefined {
  const [day, month, year] = date.split(' ')
  const m = MONTHS.indexOf(month ?? '') + 1
  if (!day || !year || m === 0) return undefined
  return `${year}-${String(m).padStart(2, '0')}-${day.padStart(2, '0')}`
}
