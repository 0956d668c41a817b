import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { ExampleTag } from '@/components/ui/example-tag'
import { GatedLink, type LoginGate } from '@/components/ui/login-gate'
import { RatedScore } from '@/components/ui/rated-score'
import { distanceKm, type LatLng } from '@/lib/geo'
import { deliveryText, dollars, durationText, monthText, type OfferingFacts, STALE_LABEL, sourceLabel } from '@/lib/offering-facts'
import { pluralise } from '@/lib/score'
import type { ComparedProvider } from '../api/compare-providers'
import { OUTCOME_ROW, outcomePercent } from '../lib/outcome'
import { GROUP_NAME, GROUP_TITLE, NO_SHARES_YET, sharePercent, shareRows, type ShareRow } from '../lib/shares'
import { DistributionBars } from './distribution-bars'
import { ShareBar } from './share-list'

type CompareTableProps = {
  course: { slug: string; name: string }
  compared: readonly ComparedProvider[]
  /** The visitor's position once known: a distance row. */
  origin: LatLng | null
  gate: LoginGate
}

/** One row: its header, then a cell per provider. */
type Row = { label: ReactNode; cell: (item: ComparedProvider, index: number) => ReactNode }

const rowHeader = 'sticky left-0 z-10 border-b border-line bg-white px-3 py-3 text-left align-top text-sm font-medium text-ink sm:px-4'
const cellClass = 'border-b border-line px-3 py-3 align-top sm:px-4'

/**
 * The table's least width: the row names (8.5rem on a phone, 14rem from a tablet up) and 11rem
 * (12rem) a provider, so on a phone the next column peeks in. Narrower screens scroll; wider
 * ones share the room equally (a fixed layout).
 */
const MIN_WIDTH: Record<number, string> = {
  1: 'min-w-[19.5rem] sm:min-w-[26rem]',
  2: 'min-w-[30.5rem] sm:min-w-[38rem]',
  3: 'min-w-[41.5rem] sm:min-w-[50rem]',
}

/**
 * The providers side by side, aligned row by row: who and where, the averages with their counts,
 * the course's details (fee, duration, delivery, next intake, funding, who said so), the star
 * distributions, what reviewers said per question and the share of students who found work in
 * the field ('—' where a provider has too few answers), the distance and the website. A table: on a phone it scrolls sideways, a column at
 * a time, with the row names kept in view.
 */
export function CompareTable({ course, compared, origin, gate }: CompareTableProps) {
  const shares = shareRows(compared.map((c) => c.details.questions))
  const sections: { title: string; rows: Row[] }[] = [
    {
      title: 'Ratings',
      rows: [
        { label: 'Overall', cell: ({ provider: p }) => <Score label={`${p.name} overall`} score={p.rating.overall} count={p.rating.ratedCount.total} reviews={p.reviewCount.total} /> },
        {
          label: 'Students',
          cell: ({ provider: p }) => <Score label={`${p.name} student`} score={p.rating.student} count={p.rating.ratedCount.student} reviews={p.reviewCount.student} />,
        },
        {
          label: 'Employers',
          cell: ({ provider: p }) => <Score label={`${p.name} employer`} score={p.rating.employer} count={p.rating.ratedCount.employer} reviews={p.reviewCount.employer} />,
        },
        {
          label: 'Total reviews',
          cell: ({ provider: p }) => (
            <>
              <span className="text-lg font-bold text-brand-950">{p.reviewCount.total}</span>
              <span className="block text-xs text-muted">
                {pluralise(p.reviewCount.student, 'student')}, {pluralise(p.reviewCount.employer, 'employer')}
              </span>
            </>
          ),
        },
      ],
    },
    { title: 'Course details', rows: FACT_ROWS },
    {
      title: 'Star ratings',
      rows: (['Student', 'Employer'] as const).map((type) => ({
        label: `By ${GROUP_NAME[type]}`,
        cell: ({ provider: p, details }) =>
          details.distribution[type].some((n) => n > 0) ? (
            <DistributionBars counts={details.distribution[type]} label={`${p.name}: star ratings by ${GROUP_NAME[type]}`} />
          ) : (
            <span className="text-muted">No ratings yet</span>
          ),
      })),
    },
    { title: 'What reviewers said', rows: shares.map(shareRow) },
    { title: 'What happened after', rows: [OUTCOME] },
    {
      title: 'Practical',
      rows: [
        ...(origin ? [{ label: 'Distance', cell: ({ provider: p }: ComparedProvider) => distanceText(origin, p.location) }] : []),
        { label: 'Website', cell: ({ provider: p }) => <Website url={p.location.WebsiteUrl} name={p.name} /> },
      ],
    },
  ]

  return (
    <>
      {compared.length > 1 && (
        <p className="mb-3 text-sm text-muted sm:hidden">Swipe the table sideways to see each provider.</p>
      )}
      <div
        role="region"
        aria-labelledby="compare-caption"
        tabIndex={0}
        className="relative snap-x snap-mandatory scroll-pl-34 overflow-x-auto rounded-lg border border-line bg-white sm:scroll-pl-56"
      >
        <table className={`w-full table-fixed border-separate border-spacing-0 text-sm ${MIN_WIDTH[compared.length] ?? MIN_WIDTH[3]}`}>
          <caption id="compare-caption" className="sr-only">
            {compared.length} providers of {course.name} side by side
          </caption>
          <thead>
            <tr>
              <td className={`${rowHeader} w-34 bg-surface sm:w-56`} />
              {compared.map(({ provider: p }) => (
                <th key={p._id} scope="col" className={`${cellClass} snap-start bg-surface text-left font-normal`}>
                  <GatedLink
                    to={`/course/${course.slug}/${p.slug}`}
                    gate={gate}
                    className="text-base font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {p.name}
                  </GatedLink>
                  {(p.location.town || p.location.state) && (
                    <span className="mt-0.5 block text-xs text-muted">{[p.location.town, p.location.state].filter(Boolean).join(', ')}</span>
                  )}
                  {p.isExample && (
                    <span className="mt-1.5 block">
                      <ExampleTag />
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => (
            <tbody key={section.title}>
              <tr>
                <th scope="rowgroup" colSpan={compared.length + 1} className="border-b border-line bg-brand-50 px-0 py-2 text-left">
                  <span className="sticky left-0 px-3 text-xs font-semibold tracking-wide text-brand-800 uppercase sm:px-4">{section.title}</span>
                </th>
              </tr>
              {section.rows.length === 0 ? (
                <tr>
                  <td colSpan={compared.length + 1} className="border-b border-line px-3 py-3 sm:px-4">
                    <span className="sticky left-3 text-muted">{NO_SHARES_YET}</span>
                  </td>
                </tr>
              ) : (
                section.rows.map((row, r) => (
                  <tr key={r}>
                    <th scope="row" className={rowHeader}>
                      {row.label}
                    </th>
                    {compared.map((item, i) => (
                      <td key={item.provider._id} className={cellClass}>
                        {row.cell(item, i)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          ))}
        </table>
      </div>
    </>
  )
}

/** A cell's fact, or 'Not given' where the provider has not said. */
function fact(text: string | null | undefined): ReactNode {
  return text ? text : <span className="text-muted">Not given</span>
}

const factRow = (label: string, text: (f: OfferingFacts) => string | null): Row => ({
  label,
  cell: ({ facts }) => fact(facts && text(facts)),
})

/** The course's facts at each provider (DESIGN decision 23), then who said them and when. */
const FACT_ROWS: Row[] = [
  factRow('Fee', (f) => (f.fee !== null ? dollars(f.fee) : null)),
  factRow('Subsidised fee', (f) => (f.subsidisedFee !== null ? `${dollars(f.subsidisedFee)}${f.subsidyState ? ` in ${f.subsidyState}` : ''}` : null)),
  factRow('Duration', (f) => durationText(f.durationWeeks, f.durationMaxWeeks)),
  factRow('Delivery', (f) => deliveryText(f.deliveryModes)),
  factRow('Next intake', (f) => (f.intakes[0] ? monthText(f.intakes[0]) : null)),
  factRow('Funding', (f) => (f.fundingNotes.length > 0 ? f.fundingNotes.join(', ') : null)),
  {
    label: 'Details from',
    cell: ({ facts }) => {
      const label = facts && sourceLabel(facts)
      if (!facts || !label) return fact(null)
      return (
        <>
          <span className="text-muted">{label}</span>
          {facts.stale && (
            <span className="mt-1 block w-fit rounded-full border border-accent-500 bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-700" data-testid="compare-stale">
              {STALE_LABEL}
            </span>
          )}
        </>
      )
    },
  },
]

function Score({ label, score, count, reviews }: { label: string; score: number | null; count: number; reviews: number }) {
  return <RatedScore label={label} score={score} count={count} reviews={reviews} circleLabel={`${label} score`} inline />
}

/** '—' for a share with fewer than 5 answers. */
function NotEnough() {
  return (
    <>
      <span aria-hidden="true" className="text-muted">
        —
      </span>
      <span className="sr-only">Not enough answers yet</span>
    </>
  )
}

/** What happened after: each provider's share of students who found work in the field (issue 29). */
const OUTCOME: Row = {
  label: OUTCOME_ROW,
  cell: ({ details }) => {
    const outcome = details.outcome
    if (!outcome) return <NotEnough />
    const percent = outcomePercent(outcome)
    return (
      <>
        <span className="font-bold text-brand-950">{percent}%</span>{' '}
        <span className="text-xs text-muted">
          ({outcome.inField} of {outcome.answered})
        </span>
        <ShareBar percent={percent} />
        <span className="mt-1 block text-xs text-muted">{outcome.note}</span>
      </>
    )
  },
}

/** A question's row: each provider's share, or '—' where it has fewer than 5 answers. */
function shareRow(row: ShareRow): Row {
  return {
    label: `${GROUP_TITLE[row.userType]} who ${row.finding}`,
    cell: (_, i) => {
      const share = row.cells[i]
      if (!share) return <NotEnough />
      const percent = sharePercent(share)
      return (
        <>
          <span className="font-bold text-brand-950">{percent}%</span>{' '}
          <span className="text-muted">
            ({share.positive} of {share.answered})
          </span>
          <ShareBar percent={percent} />
        </>
      )
    },
  }
}

function distanceText(origin: LatLng, location: { Latitude?: number | null; Longitude?: number | null }) {
  const km = distanceKm(origin, { latitude: location.Latitude, longitude: location.Longitude })
  return km === null ? <span className="text-muted">Unknown</span> : `${km} km away`
}

function Website({ url, name }: { url: string | null | undefined; name: string }) {
  if (!url) return <span className="text-muted">Not given</span>
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      Visit website <span className="sr-only">of {name} (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  )
}
