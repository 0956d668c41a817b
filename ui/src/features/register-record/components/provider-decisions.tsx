import { ExternalLink } from 'lucide-react'
import { type Decision, useProviderDecisions } from '../api/get-provider-decisions'

const DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

function day(iso: string | null): string | null {
  return iso ? DATE.format(new Date(`${iso}T00:00:00Z`)) : null
}

function DecisionItem({ decision }: { decision: Decision }) {
  const from = day(decision.startsOn)
  const to = day(decision.endsOn)
  return (
    <li className="border-t border-line py-3 first:border-t-0 first:pt-0">
      <p className="font-semibold text-ink">{decision.kind}</p>
      <p className="text-sm text-muted">{[from && `From ${from}`, to && `to ${to}`].filter(Boolean).join(' ')}</p>
      {decision.description && <p className="mt-1 text-sm text-ink">{decision.description}</p>}
      <a
        href={decision.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        See it on the National Training Register
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </li>
  )
}

/**
 * The regulator's decisions about a provider, in the register's words, with their dates and a
 * link to the register: those in force first, the historic ones apart (DESIGN decision 28).
 * Nothing shows for a provider the register records no decision about.
 */
export function ProviderDecisions({ providerSlug }: { providerSlug: string }) {
  const decisions = useProviderDecisions(providerSlug)
  const data = decisions.data
  if (!data || (data.inForce.length === 0 && data.historic.length === 0)) return null
  return (
    <section aria-labelledby="register-decisions" className="rounded-lg border border-line bg-white p-5 sm:p-6" data-testid="register-decisions">
      <h2 id="register-decisions" className="text-lg font-semibold text-brand-950">
        Regulatory decisions
      </h2>
      <p className="mt-1 text-sm text-muted">As recorded on the National Training Register (training.gov.au), not our judgement.</p>
      {data.inForce.length > 0 && (
        <>
          <h3 className="mt-4 text-base font-semibold text-ink">In force</h3>
          <ul className="mt-2">
            {data.inForce.map((d, i) => (
              <DecisionItem key={i} decision={d} />
            ))}
          </ul>
        </>
      )}
      {data.historic.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-base font-semibold text-ink">Historic decisions ({data.historic.length})</summary>
          <ul className="mt-2">
            {data.historic.map((d, i) => (
              <DecisionItem key={i} decision={d} />
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
