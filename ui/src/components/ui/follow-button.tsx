import { Bell, BellRing } from 'lucide-react'
import { useId, useState } from 'react'
import { secondaryButton } from '@/components/ui/button-styles'
import { type FollowTarget, useChangeFollow, useFollowState } from '@/lib/follows'

type FollowButtonProps = {
  target: FollowTarget
  userId: string
  /** The button's word for what it follows: '' for the page's own subject, 'provider', 'course'. */
  noun?: string
  /** What is followed, for the message after a change ('this course at Harbourlight Skills'). */
  subject: string
}

/**
 * The Follow control of a course, a provider or a course-provider pair: a toggle with its state
 * (aria-pressed) and a polite message after each change. A provider the user represents is
 * followed automatically, so its control only says so.
 */
export function FollowButton({ target, userId, noun = '', subject }: FollowButtonProps) {
  const state = useFollowState(target)
  const change = useChangeFollow()
  const [message, setMessage] = useState<string | null>(null)
  const noteId = useId()
  const following = state?.following ?? false
  const words = (verb: string) => (noun ? `${verb} ${noun}` : verb)
  const onClick = () => {
    if (!state || state.automatic) return
    change.mutate(
      { action: following ? 'unfollow' : 'follow', userId, ...target },
      {
        onSuccess: (answer) =>
          setMessage(
            answer.following
              ? `You will hear about new reviews of ${subject}. Choose how in your notification settings.`
              : `You no longer follow ${subject}.`,
          ),
        onError: (error) => setMessage(error.message),
      },
    )
  }
  const Icon = following ? BellRing : Bell
  return (
    <div>
      <button
        type="button"
        onClick={onClick}
        disabled={!state || change.isPending || state.automatic}
        aria-pressed={following}
        aria-describedby={state?.automatic ? noteId : undefined}
        className={secondaryButton}
      >
        <Icon aria-hidden="true" className={`size-4 ${following ? 'fill-current' : ''}`} />
        {words(following ? 'Following' : 'Follow')}
      </button>
      {state?.automatic && (
        <p id={noteId} className="mt-2 text-sm text-muted">
          You represent this provider, so you follow it.
        </p>
      )}
      <p aria-live="polite" className="mt-2 text-sm font-medium text-brand-900 empty:hidden">
        {message}
      </p>
    </div>
  )
}
