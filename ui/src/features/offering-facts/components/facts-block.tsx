import { CalendarDays, Clock, ExternalLink, Laptop, MapPin, Tag, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  deliveryText,
  dollars,
  durationText,
  hasFacts,
  monthText,
  type OfferingFacts,
  STALE_LABEL,
  sourceLabel,
} from '@/lib/offering-facts'
import { useOfferingFacts } from '../api/get-offering-facts'

function Fact({ icon: Icon, label, children }: { icon: typeof Wallet; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {label}
      </dt>
      <dd className="pl-7 font-medium break-words text-ink">{children}</dd>
    </div>
  )
}

/** The facts of one offering with who said them and when (DESIGN decision 23); text only, never HTML. */
export function FactsList({ facts }: { facts: OfferingFacts }) {
  const duration = durationText(facts.durationWeeks, facts.durationMaxWeeks)
  const delivery = deliveryText(facts.deliveryModes)
  const label = sourceLabel(facts)
  return (
    <>
      {label && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted" data-testid="facts-source">
          <span>{label}</span>
          {facts.stale && (
            <span className="rounded-full border border-accent-500 bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-700" data-testid="facts-stale">
              {STALE_LABEL}
            </span>
          )}
        </p>
      )}
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {facts.fee !== null && (
          <Fact icon={Wallet} label="Fee">
            <span data-testid="facts-fee">{dollars(facts.fee)}</span>
            {facts.subsidisedFee !== null && (
              <span className="block text-sm font-normal text-muted">
                {dollars(facts.subsidisedFee)} subsidised{facts.subsidyState ? ` in ${facts.subsidyState}` : ''}
              </span>
            )}
          </Fact>
        )}
        {facts.fee === null && facts.subsidisedFee !== null && (
          <Fact icon={Wallet} label="Subsidised fee">
            {dollars(facts.subsidisedFee)}
            {facts.subsidyState ? ` in ${facts.subsidyState}` : ''}
          </Fact>
        )}
        {duration && (
          <Fact icon={Clock} label="Duration">
            {duration}
          </Fact>
        )}
        {delivery && (
          <Fact icon={Laptop} label="Delivery">
            {delivery}
          </Fact>
        )}
        {facts.intakes.length > 0 && (
          <Fact icon={CalendarDays} label="Next intakes">
            {facts.intakes.map(monthText).join(', ')}
          </Fact>
        )}
        {facts.campuses.length > 0 && (
          <Fact icon={MapPin} label={facts.campuses.length === 1 ? 'Campus' : 'Campuses'}>
            <ul>
              {facts.campuses.map((c) => (
                <li key={c._id}>
                  {c.name}
                  <span className="block text-sm font-normal text-muted">
                    {[c.street, `${c.town} ${c.state} ${c.postcode}`].filter(Boolean).join(', ')}
                  </span>
                </li>
              ))}
            </ul>
          </Fact>
        )}
        {facts.fundingNotes.length > 0 && (
          <Fact icon={Tag} label="Funding">
            {facts.fundingNotes.join(', ')}
          </Fact>
        )}
      </dl>
      {facts.courseUrl && (
        <p className="mt-4">
          <a href={facts.courseUrl} rel="noopener noreferrer nofollow" target="_blank" className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            The provider's page for this course
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </p>
      )}
    </>
  )
}

/** 'Fees, duration and delivery' on the course-provider page, above the ratings; nothing until someone has said. */
export function FactsBlock({ courseId, providerId }: { courseId: string | undefined; providerId: string | undefined }) {
  const facts = useOfferingFacts(courseId, providerId)
  if (!facts.data || !hasFacts(facts.data)) return null
  return (
    <section aria-labelledby="facts-title" className="rounded-lg border border-line bg-white p-5 shadow-sm sm:p-6" data-testid="offering-facts">
      <h2 id="facts-title" className="text-xl font-bold text-brand-950">
        Fees, duration and delivery
      </h2>
      <div className="mt-2">
        <FactsList facts={facts.data} />
      </div>
    </section>
  )
}
