import { Link } from 'react-router'
import { linkButton, textLink } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { type Follow, useChangeFollow, useFollows } from '@/lib/follows'

/** Where a followed thing is shown: a pair's page, a course's search by code; a provider has no page of its own. */
function followLink(follow: Follow): string | null {
  if (follow.course && follow.provider) return `/course/${follow.course.slug}/${follow.provider.slug}`
  if (follow.course) return `/search?by=code&q=${encodeURIComponent(follow.course.courseCode)}`
  return null
}

function followName(follow: Follow): string {
  if (follow.course && follow.provider) return `${follow.course.name} at ${follow.provider.name}`
  if (follow.course) return `${follow.course.courseCode} ${follow.course.name} (every provider)`
  return `${follow.provider?.name ?? ''} (every course)`
}

/** The profile's list of what the user follows, each with its way to stop. */
export function FollowsSection({ userId }: { userId: string }) {
  const follows = useFollows()
  const change = useChangeFollow()
  return (
    <FormCard
      id="profile-follows-title"
      title="What you follow"
      description="You hear about new reviews of these, as your notification settings say. A favourite is followed until you unfollow it."
    >
      {follows.isPending ? (
        <p className="text-muted">Loading…</p>
      ) : follows.isError ? (
        <p className="text-muted">What you follow could not be loaded just now.</p>
      ) : follows.data.length === 0 ? (
        <p className="text-muted">
          You follow nothing yet. Use Follow on a course or a provider's page to hear about its new reviews.
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Followed">
          {follows.data.map((follow) => {
            const link = followLink(follow)
            const name = followName(follow)
            return (
              <li key={follow._id ?? `auto-${follow.provider?._id}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                {link ? (
                  <Link to={link} className={textLink}>
                    {name}
                  </Link>
                ) : (
                  <span className="font-medium text-ink">{name}</span>
                )}
                {follow.automatic ? (
                  <span className="text-sm text-muted">Followed while you represent it</span>
                ) : (
                  <button
                    type="button"
                    className={linkButton}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ action: 'unfollow', userId, courseId: follow.course?._id, providerId: follow.provider?._id })
                    }
                  >
                    Unfollow<span className="sr-only"> {name}</span>
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </FormCard>
  )
}
