import type { Share } from '../api/get-rating-details'
import { GROUP_NAME, GROUP_TITLE, NO_SHARES_YET, sharePercent, sharesByGroup } from '../lib/shares'

/**
 * What reviewers said, per question: '86% of students say the trainers were knowledgeable
 * (43 of 50)', students and employers as separate groups, each with a compact bar. Nothing
 * to show (no question has 5 answers yet) says when it will show.
 */
export function ShareList({ shares }: { shares: readonly Share[] }) {
  const groups = sharesByGroup(shares)
  if (groups.length === 0) return <p className="text-sm text-muted">{NO_SHARES_YET}</p>
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <div key={group.userType}>
          <p className="text-sm font-semibold text-brand-950">{GROUP_TITLE[group.userType]}</p>
          <ul aria-label={`What ${GROUP_NAME[group.userType]} said`} className="mt-2 space-y-2.5">
            {group.shares.map((share) => (
              <li key={share.question}>
                <ShareLine share={share} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

/** One share's sentence over its bar. */
function ShareLine({ share }: { share: Share }) {
  const percent = sharePercent(share)
  return (
    <>
      <p className="text-sm text-ink">
        <span className="font-bold text-brand-950">{percent}%</span> of {GROUP_NAME[share.userType]} {share.finding}{' '}
        <span className="whitespace-nowrap text-muted">
          ({share.positive} of {share.answered})
        </span>
      </p>
      <ShareBar percent={percent} />
    </>
  )
}

/** A share drawn as a thin bar; decoration beside its text. */
export function ShareBar({ percent }: { percent: number }) {
  return (
    <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-line">
      <span className="block h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
    </span>
  )
}
