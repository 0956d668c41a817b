import { Briefcase, GraduationCap, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Logo } from '@/components/ui/logo'
import { InfoSection, Steps } from '../components/info-page'
import { proseClass } from '../components/prose'
import { RegisterCta } from '../components/register-cta'

// The spec's constants: the first 30 employers and the first 30 students.
const PLACES = 30
const EMPLOYER_PAYMENT = '$150.00'
const STUDENT_PAYMENT = '$50.00'

/**
 * /beta-testing-program: a campaign landing page without the site header (noNav), so it
 * carries its own way home.
 */
export default function BetaTestingProgramPage() {
  return (
    <>
      <div className="on-dark bg-brand-950 text-white">
        <div className="container-page pt-6">
          <Link to="/" aria-label="CourseSource home" className="inline-block rounded-md">
            <Logo dark />
          </Link>
        </div>
        <div className="container-page pt-10 pb-14 sm:pt-14 sm:pb-20">
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Paid feedback</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Beta Testing Program</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            Help us test CourseSource and get paid for your feedback. We are paying the first {PLACES} employers{' '}
            {EMPLOYER_PAYMENT} and the first {PLACES} students {STUDENT_PAYMENT} who review a course and tell us what they
            think of the site.
          </p>
          <div className="mt-8">
            <RegisterCta dark />
          </div>
        </div>
      </div>

      <InfoSection title="What you can earn">
        <ul className="grid gap-4 sm:grid-cols-2">
          <Reward icon={Briefcase} who="Employers" amount={EMPLOYER_PAYMENT} />
          <Reward icon={GraduationCap} who="Students" amount={STUDENT_PAYMENT} />
        </ul>
      </InfoSection>

      <InfoSection title="How to take part" tinted>
        <Steps
          steps={[
            {
              title: 'Register',
              text: 'Sign up free as a Student/Graduate or as an Employer, and verify your email address.',
            },
            {
              title: 'Write a review',
              text: 'Students review a course they are doing or have done. Employers review a provider that trained their staff or the graduates they hired.',
            },
            {
              title: 'Complete the survey',
              text: 'Tell us about using CourseSource in our short beta feedback survey.',
            },
          ]}
        />
      </InfoSection>

      <InfoSection title="Conditions">
        <div className={proseClass}>
          <ul>
            <li>
              Paid feedback is open to the first {PLACES} employers and the first {PLACES} students who meet every condition
              below, counted in the order they do so. When a group&rsquo;s {PLACES} places are filled, the offer closes for
              that group.
            </li>
            <li>
              Each employer receives {EMPLOYER_PAYMENT} and each student receives {STUDENT_PAYMENT}. There is one payment
              per person, however many reviews you write.
            </li>
            <li>
              <strong>To claim, you must complete the beta feedback survey, and your review must be approved by a
              CourseSource moderator.</strong> A review that breaks our{' '}
              <Link to="/terms-of-use#review-moderation">moderation policy</Link> is not approved and does not qualify.
            </li>
            <li>
              Your review must be about your own first-hand experience, and you must register with your real details as a
              Student/Graduate or an Employer. One account per person.
            </li>
            <li>
              The payment does not depend on what your review says. Good or bad, an honest review that meets our policy
              qualifies.
            </li>
            <li>
              <strong>Reviews written for the program are labelled.</strong> Answer &lsquo;Yes&rsquo; when the review form
              asks whether you received payment, a gift or a discount for your review: it is then published with an
              &lsquo;Incentivised review&rsquo; label, as the Australian consumer regulator expects of review platforms, and
              counts in the ratings like any other. See <Link to="/about/reviews">how we moderate reviews</Link>.
            </li>
            <li>Once you have met both conditions, we will email you at your account&rsquo;s address to arrange payment.</li>
          </ul>
          <p>
            Questions about the program? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </InfoSection>
    </>
  )
}

function Reward({ icon: Icon, who, amount }: { icon: LucideIcon; who: string; amount: string }) {
  return (
    <li className="flex items-center gap-5 rounded-lg border border-line bg-white p-6 shadow-xs">
      <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-brand-950">{who}</h3>
        <p className="text-muted">
          <span className="text-3xl font-bold tracking-tight text-brand-950">{amount}</span> each, for the first {PLACES}
        </p>
      </div>
    </li>
  )
}
