import { Clock, EyeOff, Scale } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { ComplaintForm } from '../components/complaint-form'

/** /legal-complaint?link=...: the defamation complaint form, open without an account. */
export default function LegalComplaintPage() {
  const [params] = useSearchParams()
  const link = params.get('link') ?? ''
  return (
    <PageFrame
      title="Make a legal complaint"
      intro="If you believe a review or a provider's reply on CourseSource is defamatory of you or your organisation, tell us here. You do not need an account."
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-16">
        <ComplaintForm link={link} />
        <aside aria-label="What happens next" className="space-y-6 lg:pt-9">
          <Tip icon={<Clock aria-hidden="true" className="size-5" />} title="Within 7 days">
            We mail you a reference at once, then act within 7 days: we may hide the writing while we consider it, ask its
            author to respond, keep it or remove it, and mail you each step with its reason.
          </Tip>
          <Tip icon={<EyeOff aria-hidden="true" className="size-5" />} title="Privacy">
            We do not tell you who wrote a review, and we do not tell its author your email.
          </Tip>
          <Tip icon={<Scale aria-hidden="true" className="size-5" />} title="Not a legal complaint?">
            To report a review that breaks our rules, use 'Report' under it, or{' '}
            <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              contact us
            </Link>
            . How we handle complaints is on{' '}
            <Link to="/about/reviews" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Review Moderation
            </Link>
            .
          </Tip>
        </aside>
      </div>
    </PageFrame>
  )
}

function Tip({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <div>
        <h2 className="font-semibold text-brand-950">{title}</h2>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </div>
  )
}
