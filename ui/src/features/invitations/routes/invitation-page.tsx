import { useEffect, useRef } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { primaryButton, secondaryButton, textLink } from '@/components/ui/button-styles'
import { FormMessage } from '@/components/ui/form-field'
import { PageFrame } from '@/components/ui/page-frame'
import { useUser } from '@/lib/auth/get-userinfo'
import { errorLines } from '@/lib/error-lines'
import { useAcceptInvitation, useInvitation, useRefuseInvitation } from '../api/invitee'
import { monthLabel } from '../lib'

/**
 * /invitation/:token, the link in an invitation mail: says who invites whom to review what; a
 * logged-in reviewer with the invited address accepts and goes to the course-provider page to
 * write the review; anyone with the link can refuse further invitations (`?refuse=1` asks at once).
 */
export default function InvitationPage() {
  const token = useParams().token ?? ''
  const [params] = useSearchParams()
  const user = useUser()
  const navigate = useNavigate()
  const invitation = useInvitation(token)
  const accept = useAcceptInvitation()
  const refuse = useRefuseInvitation()
  const here = `/invitation/${encodeURIComponent(token)}`
  const refuseFirst = params.get('refuse') === '1'
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [refuse.isSuccess])

  const data = invitation.data
  const refusal = (
    <div className="space-y-3">
      {refuse.isSuccess ? (
        <FormMessage tone="success" messages={[refuse.data.msg]} />
      ) : (
        <button type="button" className={secondaryButton} disabled={refuse.isPending} onClick={() => refuse.mutate(token)}>
          Don&rsquo;t send me invitations again
        </button>
      )}
      {refuse.isError && <FormMessage tone="error" messages={errorLines(refuse.error)} />}
    </div>
  )

  return (
    <PageFrame title="Your invitation to review">
      <div className="max-w-2xl space-y-5" aria-live="polite">
        {refuseFirst && (
          <section className="space-y-3 rounded-lg border border-line bg-white p-5">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-950">
              Refuse further invitations
            </h2>
            <p className="text-ink">We will not send invitations to review a course to your address again.</p>
            {refusal}
          </section>
        )}
        {invitation.isPending && <p className="text-muted">Opening your invitation…</p>}
        {invitation.isError && <FormMessage tone="error" messages={errorLines(invitation.error)} />}
        {data && (
          <section className="space-y-4 rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
            <p className="text-lg text-ink">
              <strong>{data.providerName}</strong> invites everyone who finished or left{' '}
              <strong>
                {data.courseCode} {data.courseName}
              </strong>{' '}
              between {monthLabel(data.periodFrom)} and {monthLabel(data.periodTo)} to review it.
            </p>
            <p className="text-ink">
              CourseSource is independent: the provider does not see your review before it is published and cannot
              change it. Your review is moderated like any other and labelled &lsquo;Invited by the provider&rsquo;.
            </p>
            {!user ? (
              <div className="flex flex-wrap gap-3">
                <Link to={`/login?redirect=${encodeURIComponent(here)}`} className={primaryButton}>
                  Log in to write your review
                </Link>
                <Link to="/sign-up" className={secondaryButton}>
                  Sign up with the address that got the mail
                </Link>
              </div>
            ) : (
              <button
                type="button"
                className={primaryButton}
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(token, {
                    onSuccess: (a) => void navigate(`/course/${a.courseSlug}/${a.providerSlug}`),
                  })
                }
              >
                Write your review
              </button>
            )}
            {accept.isError && <FormMessage tone="error" messages={errorLines(accept.error)} />}
            {!user && (
              <p className="text-sm text-muted">
                After signing up and confirming your address, open this link again from the mail.
              </p>
            )}
          </section>
        )}
        {!refuseFirst && (
          <section className="space-y-3">
            <p className="text-muted">
              Don&rsquo;t want invitations like this? You can refuse them without logging in.{' '}
              <Link to={`${here}?refuse=1`} className={textLink}>
                Refuse further invitations
              </Link>
            </p>
          </section>
        )}
      </div>
    </PageFrame>
  )
}
