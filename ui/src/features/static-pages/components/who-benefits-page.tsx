import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ClosingCta, FeatureGrid, InfoHero, InfoSection, Steps, type Feature } from './info-page'

type WhoBenefitsPageProps = {
  /** 'Students', 'Employers', ...: the h1 reads 'Who Benefits: <audience>', like the page title. */
  audience: string
  icon: LucideIcon
  intro: ReactNode
  featuresTitle: string
  features: Feature[]
  stepsTitle: string
  steps: { title: string; text: ReactNode }[]
  /** A last section in the reader's own terms (questions to ask, a note on who can review). */
  extra?: { title: string; body: ReactNode }
  closing: { title: string; text: ReactNode }
}

/** The shared frame of the four who-benefits pages. */
export function WhoBenefitsPage(props: WhoBenefitsPageProps) {
  const { audience, icon, intro, featuresTitle, features, stepsTitle, steps, extra, closing } = props
  return (
    <>
      <InfoHero
        icon={icon}
        title={
          <>
            <span className="text-brand-600">Who Benefits:</span> {audience}
          </>
        }
        intro={intro}
      />
      <InfoSection title={featuresTitle}>
        <FeatureGrid features={features} />
      </InfoSection>
      <InfoSection title={stepsTitle} tinted>
        <Steps steps={steps} />
      </InfoSection>
      {extra && (
        <InfoSection title={extra.title}>
          <div className="max-w-3xl space-y-4 text-lg text-ink">{extra.body}</div>
        </InfoSection>
      )}
      <ClosingCta title={closing.title} text={closing.text} />
    </>
  )
}
