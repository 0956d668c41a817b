import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { RegisterCta } from './register-cta'

type InfoHeroProps = {
  /** The page's one h1; its text is the page's name as the route title gives it. */
  title: ReactNode
  intro: ReactNode
  /** A short line above the title. */
  eyebrow?: string
  icon?: LucideIcon
  /** The register / review call to action (default on). */
  cta?: boolean
  children?: ReactNode
}

/** The top band of an information page: title, a sentence or two, and the call to action. */
export function InfoHero({ title, intro, eyebrow, icon: Icon, cta = true, children }: InfoHeroProps) {
  return (
    <div className="border-b border-line bg-brand-50">
      <div className="container-page flex flex-col gap-8 py-10 sm:py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{title}</h1>
          <div className="mt-4 space-y-3 text-lg text-muted">{intro}</div>
          {children}
          {cta && (
            <div className="mt-8">
              <RegisterCta />
            </div>
          )}
        </div>
        {Icon && (
          <div aria-hidden="true" className="hidden shrink-0 lg:block">
            <span className="flex size-40 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-brand-100">
              <Icon className="size-20" strokeWidth={1.5} />
            </span>
          </div>
        )}
      </div>
    </div>
  )
}

type InfoSectionProps = {
  title: string
  intro?: ReactNode
  /** A tinted band, to separate it from its neighbours. */
  tinted?: boolean
  children: ReactNode
}

/** A titled band of a page. */
export function InfoSection({ title, intro, tinted = false, children }: InfoSectionProps) {
  return (
    <section className={tinted ? 'border-y border-line bg-surface' : undefined}>
      <div className="container-page py-10 sm:py-14">
        <h2 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">{title}</h2>
        {intro && <div className="mt-3 max-w-3xl text-lg text-muted">{intro}</div>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}

export type Feature = { icon: LucideIcon; title: string; text: ReactNode }

/** Cards with an icon, a heading and a sentence or two: what a reader gets. */
export function FeatureGrid({ features }: { features: Feature[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-lg border border-line bg-white p-6 shadow-xs">
          <span className="inline-flex size-11 items-center justify-center rounded-md bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-brand-950">{title}</h3>
          <p className="mt-2 text-muted">{text}</p>
        </li>
      ))}
    </ul>
  )
}

/** Numbered steps in a row (a column on phones). */
export function Steps({ steps }: { steps: { title: string; text: ReactNode }[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map(({ title, text }, i) => (
        <li key={title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
          >
            {i + 1}
          </span>
          <div>
            <h3 className="font-semibold text-brand-950">
              <span className="sr-only">Step {i + 1}: </span>
              {title}
            </h3>
            <p className="mt-1 text-muted">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** The closing band: one more nudge towards the call to action at the end of a long page. */
export function ClosingCta({ title, text }: { title: string; text: ReactNode }) {
  return (
    <section className="border-t border-line bg-brand-50">
      <div className="container-page flex flex-col gap-6 py-12 sm:py-14 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">{title}</h2>
          <p className="mt-3 text-lg text-muted">{text}</p>
        </div>
        <RegisterCta />
      </div>
    </section>
  )
}
