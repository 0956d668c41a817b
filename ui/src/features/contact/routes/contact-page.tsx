import { Bug, Flag, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageFrame } from '@/components/ui/page-frame'
import { ContactForm } from '../components/contact-form'

/** /contact: the contact form, with a few words on what to include. */
export default function ContactPage() {
  return (
    <PageFrame
      title="Contact"
      intro="Questions about CourseSource, a review you think we should look at again, or something not working? Send us a message and we'll reply by email."
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-16">
        <ContactForm />
        <aside aria-label="Before you write" className="space-y-6 lg:pt-9">
          <Tip icon={<Flag aria-hidden="true" className="size-5" />} title="Reporting a review">
            Tell us the course, the provider and the review's title, and what you think breaks our{' '}
            <Link to="/terms-of-use" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              moderation policy
            </Link>
            . A moderator will look at it again.
          </Tip>
          <Tip icon={<Bug aria-hidden="true" className="size-5" />} title="Something not working?">
            Choose Technical enquiry and tell us your device and browser, what you were doing and what happened.
            It helps us fix it quickly.
          </Tip>
          <Tip icon={<ShieldCheck aria-hidden="true" className="size-5" />} title="Your details">
            We use what you send only to answer you. Read our{' '}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Privacy Policy
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
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div>
        <h2 className="font-semibold text-brand-950">{title}</h2>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </div>
  )
}
