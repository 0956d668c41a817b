import { useCallback, useEffect, useRef, useState } from 'react'
import { linkButton, secondaryButton } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { ListSkeleton } from '@/components/ui/skeleton'
import { deliveryText, dollars, durationText, hasFacts, type OfferingFacts, sourceLabel, STALE_LABEL } from '@/lib/offering-facts'
import { useConfirmFacts } from '../api/confirm-facts'
import { confirmedText } from '../lib/confirm-text'
import { useProviderOfferings } from '../api/provider-offerings'
import { CampusList } from './campus-form'
import { FactsFormView } from './facts-form'

function summary(facts: OfferingFacts): string {
  if (!hasFacts(facts)) return 'No details yet'
  return [facts.fee !== null ? dollars(facts.fee) : null, durationText(facts.durationWeeks, facts.durationMaxWeeks), deliveryText(facts.deliveryModes)]
    .filter(Boolean)
    .join(' · ')
}

/**
 * 'Courses we offer': a provider's offerings and campuses, each editable (its representative or
 * an admin). `confirmStale` (the reminder mail's 'Still correct' link) confirms the details not
 * confirmed for 12 months as soon as the page opens.
 */
export function CoursesWeOffer({ providerId, confirmStale = false }: { providerId: string; confirmStale?: boolean }) {
  const data = useProviderOfferings(providerId)
  const [editing, setEditing] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const confirm = useConfirmFacts()
  const confirmOnce = useRef(false)
  const { mutate } = confirm
  const confirmNow = useCallback(
    () =>
      mutate(providerId, {
        onSuccess: ({ confirmed }) => setSaved(confirmedText(confirmed)),
        onError: (error) => setSaved(error.message),
      }),
    [mutate, providerId],
  )
  const loaded = data.isSuccess
  useEffect(() => {
    if (!confirmStale || !loaded || confirmOnce.current) return
    confirmOnce.current = true
    confirmNow()
    // Once per page load (the ref), however often it renders: the link's one click. Only once
    // the list is loaded: a refetch asked for while the first fetch is under way joins that
    // fetch, which was answered before the confirmation and would still offer 'Still correct'.
  }, [confirmStale, loaded, confirmNow])
  if (data.isPending) return <ListSkeleton count={3} label="Loading your courses…" />
  if (data.isError) return <FormMessage tone="error" messages={['Your courses could not be loaded. Please reload the page.']} />
  const { offerings, campuses, fundingNotes } = data.data
  return (
    <div className="space-y-8">
      <FormCard id="courses-title" title="Courses" description="What each course costs, how long it takes, how and where it runs and when it starts. Readers see these details with your name and the date you last confirmed them.">
        {saved && <FormMessage tone={confirm.isError ? 'error' : 'success'} messages={[saved]} />}
        {offerings.some((o) => o.stale) && (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-accent-500 bg-accent-100 px-4 py-3 text-ink">
            <p className="min-w-0 flex-1">Some details were not confirmed for 12 months: readers see them marked '{STALE_LABEL}'.</p>
            <button type="button" className={secondaryButton} disabled={confirm.isPending} onClick={confirmNow}>
              Still correct
            </button>
          </div>
        )}
        <ul className="divide-y divide-line">
          {offerings.map((o) => (
            <li key={o._id} className="py-4" data-testid="offering">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-brand-700 uppercase">{o.courseCode}</p>
                  <p className="font-medium text-ink">{o.courseName}</p>
                  <p className="text-sm text-muted">{summary(o)}</p>
                  {o.source && (
                    <p className="text-sm text-muted">
                      {sourceLabel(o)}
                      {o.stale && <span className="ml-2 font-semibold text-accent-700">{STALE_LABEL}</span>}
                    </p>
                  )}
                </div>
                {editing !== o._id && (
                  <button type="button" className={linkButton} onClick={() => setEditing(o._id)}>
                    Edit details<span className="sr-only"> of {o.courseCode}</span>
                  </button>
                )}
              </div>
              {editing === o._id && (
                <div className="mt-4">
                  <FactsFormView
                    facts={o}
                    campuses={campuses}
                    fundingNotes={fundingNotes}
                    onDone={(done) => {
                      setEditing(null)
                      setSaved(done ? `Details of ${o.courseCode} updated successfully` : null)
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      </FormCard>
      <FormCard id="campuses-title" title="Campuses" description="Where you teach. Choose a course's campuses when you edit its details.">
        <CampusList providerId={providerId} campuses={campuses} />
      </FormCard>
    </div>
  )
}
