import { Briefcase, Eye, GraduationCap, Star, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TAGLINE } from '@/config/site'
import { ClosingCta, InfoHero, InfoSection } from '../components/info-page'
import { proseClass } from '../components/prose'

/** /about: what CourseSource is, why the provider matters, who reviews and how reviews are moderated. */
export default function AboutPage() {
  return (
    <>
      <InfoHero
        eyebrow={TAGLINE}
        title="About"
        icon={Star}
        intro={
          <p>
            CourseSource is a review site for Australian vocational education and training (VET). Students, graduates
            and employers rate a course as delivered by the provider that teaches it, so the next person can choose with
            confidence.
          </p>
        }
      />

      <InfoSection title="Why the provider matters">
        <div className={proseClass}>
          <p>
            A nationally recognised qualification, such as SIT30821 Certificate III in Commercial Cookery, is built from
            the same units of competency wherever you study it. What changes from one provider to the next is
            everything else: the trainers, the kitchens and workshops, class sizes, the support on offer, work placements
            and how ready graduates are for work.
          </p>
          <p>
            That is why every review on CourseSource is about <strong>one course at one provider</strong>, not a course
            in general or a provider in general. You compare like with like: the providers that deliver the course you
            want, side by side.
          </p>
        </div>
      </InfoSection>

      <InfoSection title="Who reviews, and who reads" tinted>
        <ul className="grid gap-4 md:grid-cols-3">
          <Audience icon={GraduationCap} title="Students and graduates review">
            People who are doing or have done a course rate their experience with the provider. Only their nickname is
            shown.
          </Audience>
          <Audience icon={Briefcase} title="Employers review">
            Businesses rate the providers that train their apprentices and staff, and the graduates they hire. Employer
            ratings are kept separate from student ratings.
          </Audience>
          <Audience icon={Eye} title="Everyone can read">
            Parents, career advisors, course providers and anyone else can register free to read every published review.
            They can&rsquo;t write reviews, so every rating rests on first-hand experience.
          </Audience>
        </ul>
      </InfoSection>

      <InfoSection title="How reviews are moderated">
        <div className={proseClass}>
          <p>We read every review before anyone else can. Nothing is published automatically.</p>
          <ol>
            <li>
              A student, graduate or employer answers a short set of questions about the course and the provider, and
              adds a title and comment. The score out of five stars is calculated from the answers.
            </li>
            <li>
              The review waits for a moderator, who checks it against our{' '}
              <Link to="/terms-of-use#review-moderation">moderation policy</Link>: first-hand experience, no profanity,
              no personal details, nothing defamatory and no advertising.
            </li>
            <li>
              An approved review is published and its writer is told by email that it is live. A review that breaks the
              policy is not published, and its writer is told that too.
            </li>
            <li>
              Anyone who thinks a published review breaks the policy can report it through the{' '}
              <Link to="/contact">contact page</Link>, and a moderator will look at it again.
            </li>
          </ol>
          <p>Each person can review a course at a provider once, and providers cannot pay to change or remove reviews.</p>
        </div>
      </InfoSection>

      <InfoSection title="What we cover" tinted>
        <div className={proseClass}>
          <p>
            CourseSource covers nationally recognised VET qualifications, from Certificate I to Advanced Diploma,
            grouped by industry and career. The providers are registered training organisations (RTOs): TAFE institutes,
            private colleges, industry and community organisations, and enterprises that train their own staff.
          </p>
          <p>
            Every course is listed with its national code, so you always know exactly which qualification a review is
            about. The official register of qualifications and RTOs is{' '}
            <ExternalLink href="https://training.gov.au/">training.gov.au</ExternalLink>, and the Australian Government&rsquo;s{' '}
            <ExternalLink href="https://www.yourcareer.gov.au/">Your Career</ExternalLink> site has more help with
            choosing a career.
          </p>
          <p data-testid="register-attribution">
            The national qualifications, the registered training organisations, who is registered to deliver what, and
            the regulator&rsquo;s decisions about each provider come from the National Training Register, published by
            the Australian Government at <ExternalLink href="https://training.gov.au/">training.gov.au</ExternalLink>{' '}
            under the <ExternalLink href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0</ExternalLink>{' '}
            licence (CC BY 4.0). We show the register&rsquo;s decisions as its record, not as our judgement; a course or
            provider that leaves the register keeps its reviews, marked as no longer registered. A provider&rsquo;s
            distance is measured from its head office postcode, located with{' '}
            <ExternalLink href="https://www.geonames.org/">GeoNames</ExternalLink>&rsquo; postal codes (CC BY 4.0).
          </p>
          <p>
            CourseSource is made in Australia, for Australia&rsquo;s national training system, and written in Australian
            English. Questions or suggestions? <Link to="/contact">Get in touch</Link>.
          </p>
        </div>
      </InfoSection>

      <ClosingCta
        title="Do the course, rate the source"
        text="Register free to read every review, and share your own once you have done a course."
      />
    </>
  )
}

function Audience({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="rounded-lg border border-line bg-white p-6 shadow-xs">
      <span className="inline-flex size-11 items-center justify-center rounded-md bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-brand-950">{title}</h3>
      <p className="mt-2 text-muted">{children}</p>
    </li>
  )
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
