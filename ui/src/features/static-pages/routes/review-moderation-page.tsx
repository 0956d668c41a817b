import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { IncentivisedLabel } from '@/components/reviews/incentivised-label'
import { InvitedLabel } from '@/components/reviews/invited-label'
import { formatWait, useModerationFigures, type ModerationFigures } from '../api/get-moderation-figures'
import { InfoHero, InfoSection } from '../components/info-page'
import { proseClass } from '../components/prose'

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const numberFormat = new Intl.NumberFormat('en-AU')

/**
 * /about/reviews: how reviews are moderated (DESIGN decision 19), and the live figures of the
 * last 12 months from `GET /api/moderation/figures`.
 */
export default function ReviewModerationPage() {
  return (
    <>
      <InfoHero
        eyebrow="Moderation in the open"
        title="Review Moderation"
        icon={ShieldCheck}
        cta={false}
        intro={
          <p>
            Every review on CourseSource is read by a moderator before it is published, good or bad. Here is how we decide,
            what we tell reviewers, and how it went over the last 12 months.
          </p>
        }
      />

      <InfoSection title="The last 12 months" intro="Live figures for the reviews we received in the last 12 months.">
        <Figures />
      </InfoSection>

      <InfoSection title="How we moderate" tinted>
        <div className={proseClass}>
          <p>
            A moderator reads each review against our{' '}
            <Link to="/terms-of-use#review-moderation">review moderation policy</Link>. We publish honest first-hand
            experiences whether they praise or criticise a provider. Providers cannot pay to have a review published,
            changed or removed, and we never hide a negative review without a reason from the policy.
          </p>
          <h3>A reason for every review we do not publish</h3>
          <p>When we do not publish a review, we tell its author which of these reasons applies, often with a note:</p>
          <ul>
            <li>
              <strong>Offensive</strong>: profanity, abuse, threats, harassment or discriminatory language.
            </li>
            <li>
              <strong>Personal information</strong>: names, phone numbers or addresses of a private person.
            </li>
            <li>
              <strong>Not about this course and provider</strong>: a review of a different course or provider, or about
              something else altogether.
            </li>
            <li>
              <strong>Not a genuine experience</strong>: not first-hand, a test, advertising, or written by or for a
              provider.
            </li>
            <li>
              <strong>Other</strong>: anything else against the policy, always with a note saying what.
            </li>
          </ul>
          <p>
            The author sees the reason in their notifications, by email and on their reviews page. They can edit the
            review and submit it again, or <Link to="/contact">contact us</Link> if they think we got it wrong.
          </p>
          <h3>Incentivised reviews</h3>
          <p>
            Everyone who writes a review is asked whether they received payment, a gift or a discount for it, for example
            through our <Link to="/beta-testing-program">beta testing program</Link>. Those reviews are published like any
            other and count in every rating, and they carry this label:
          </p>
          <p>
            <IncentivisedLabel />
          </p>
          <h3>Invited reviews</h3>
          <p>
            A provider&rsquo;s verified representative can ask us to invite its students to review a course. They must
            attest that they invite everyone who finished or left it in a period they name, never a selection. We send
            each invitation ourselves, once per course, with a link that works once for 30 days and a one-click way to
            refuse further invitations. Invited reviews are moderated, scored and ordered like any other, and carry this
            label; the course&rsquo;s page shows their share and the period attested:
          </p>
          <p>
            <InvitedLabel />
          </p>
          <h3>Reports and replies</h3>
          <p>
            Any logged-in reader can report a published review they think breaks the policy; a moderator looks at it again
            and may remove it, telling the author why. A provider can answer a review once through a verified
            representative.
          </p>
        </div>
      </InfoSection>

      <InfoSection title="Legal complaints" intro="If you believe a review or a reply is defamatory of you or your organisation.">
        <div className={proseClass}>
          <p>
            Under every published review and reply there is a <strong>Make a legal complaint</strong> link. It opens a
            form that needs no account and asks what the law asks of a concerns notice: your name and email, whether you
            complain for yourself or for an organisation, the link to the review or reply, the words you complain of, why
            they are defamatory, the harm they cause, and your declaration that it is true. We mail you a reference at
            once.
          </p>
          <p>Within 7 days of receiving it, a moderator takes one or more of these steps, each recorded with its time and mailed to you:</p>
          <ul>
            <li>hides the review or reply while we consider the complaint;</li>
            <li>asks its author for their side, within a period we set (they answer from their profile);</li>
            <li>keeps it published, with the reason; or</li>
            <li>removes it, with the reason, and tells its author.</li>
          </ul>
          <p>
            We never tell a complainant who wrote a review, and a hidden or removed review stops counting in every rating
            at once. Complaints received in the last 12 months:
          </p>
        </div>
        <ComplaintFigures />
      </InfoSection>
    </>
  )
}

function ComplaintFigures() {
  const figures = useModerationFigures()
  if (!figures.data) return null
  const { received, open, kept, removed } = figures.data.legalComplaints
  const tiles: [string, number][] = [
    ['Legal complaints received', received],
    ['Being considered', open],
    ['Kept after a complaint', kept],
    ['Removed after a complaint', removed],
  ]
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="complaint-figures">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line bg-white p-5 shadow-xs">
          <dt className="text-sm font-semibold text-muted">{label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-brand-950">{numberFormat.format(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function Figures() {
  const figures = useModerationFigures()
  if (figures.isPending) {
    return (
      <p role="status" className="text-muted">
        Loading the figures…
      </p>
    )
  }
  if (figures.isError) {
    return (
      <div role="alert" className="rounded-md border border-danger-700/40 bg-danger-50 p-4 text-ink">
        <p>The figures could not be loaded.</p>
        <button type="button" onClick={() => void figures.refetch()} className="mt-2 font-semibold text-brand-700 underline underline-offset-2">
          Try again
        </button>
      </div>
    )
  }
  return <FigureList figures={figures.data} />
}

function FigureList({ figures }: { figures: ModerationFigures }) {
  const notPublished = figures.notPublished.reduce((sum, row) => sum + row.count, 0)
  const tiles: [string, string][] = [
    ['Reviews received', numberFormat.format(figures.received)],
    ['Published', numberFormat.format(figures.published)],
    ['Not published', numberFormat.format(notPublished)],
    ['Awaiting moderation', numberFormat.format(figures.awaiting)],
    ['Removed after a report', numberFormat.format(figures.removedAfterReport)],
    ['Replies by providers', numberFormat.format(figures.providerReplies)],
    ['Reviews from invitations', numberFormat.format(figures.invitations.received)],
    ['Invitations sent by providers', numberFormat.format(figures.invitations.sent)],
    [
      'Median time to a decision',
      figures.medianSecondsToDecision === null ? 'No decisions yet' : formatWait(figures.medianSecondsToDecision),
    ],
  ]
  return (
    <div data-testid="moderation-figures">
      <p className="text-muted">Reviews received since {dateFormat.format(new Date(figures.since))}.</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-white p-5 shadow-xs">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight text-brand-950">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-10 text-lg font-semibold text-brand-950">Not published, by reason</h3>
      <table className="mt-3 w-full max-w-xl text-left">
        <thead>
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className="py-2 font-semibold">
              Reason
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Reviews
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.notPublished.map((row) => (
            <tr key={row.reason ?? 'none'} className="border-b border-line">
              <th scope="row" className="py-2 font-normal text-ink">
                {row.label}
              </th>
              <td className="py-2 text-right font-semibold text-brand-950">{numberFormat.format(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
