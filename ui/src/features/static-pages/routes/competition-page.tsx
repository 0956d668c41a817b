import { CalendarX, MapPin, Trophy, UserCheck, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { InfoHero, InfoSection } from '../components/info-page'
import { proseClass } from '../components/prose'

// The spec's constants.
const PRIZE = '$1,000'
const OPENED = '15 March 2019'
const CLOSED = '30 September 2019'

/** /competition: the 2019 prize competition, closed, with its terms kept for reference. */
export default function CompetitionPage() {
  return (
    <>
      <InfoHero
        title="Competition"
        icon={Trophy}
        intro={
          <p>
            In 2019 CourseSource ran a competition with a {PRIZE} cash prize for Victorian residents.
          </p>
        }
      >
        <div role="note" className="mt-6 flex items-start gap-3 rounded-md border border-accent-700/40 bg-accent-100 px-4 py-3 text-ink">
          <CalendarX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
          <p>
            <strong className="font-semibold">This competition has closed.</strong> Entries closed on {CLOSED} and no
            further entries are accepted. Thank you to everyone who took part. The terms are below for reference.
          </p>
        </div>
      </InfoHero>

      <InfoSection title="At a glance">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact icon={Trophy} term="Prize" value={`${PRIZE} cash`} />
          <Fact icon={MapPin} term="Open to" value="Victorian residents only" />
          <Fact icon={UserCheck} term="Entries" value="One per person" />
          <Fact icon={CalendarX} term="Entry period" value={`${OPENED} to ${CLOSED} (closed)`} />
        </dl>
      </InfoSection>

      <InfoSection title="Terms and conditions" tinted>
        <div className={proseClass}>
          <ol>
            <li>The competition was run by CourseSource.</li>
            <li>The prize was one cash prize of {PRIZE}.</li>
            <li>The competition was open to residents of Victoria, Australia only.</li>
            <li>
              Entry opened on {OPENED} and closed on {CLOSED}. Entries received outside that period were not accepted.
            </li>
            <li>Each person could enter once. Further entries from the same person were not counted.</li>
            <li>
              Entries were made through CourseSource and were subject to our{' '}
              <Link to="/terms-of-use">Terms of Use</Link> and <Link to="/privacy">Privacy Policy</Link>.
            </li>
          </ol>
          <p>
            Questions about the competition? <Link to="/contact">Contact us</Link>.
          </p>
        </div>
      </InfoSection>
    </>
  )
}

function Fact({ icon: Icon, term, value }: { icon: LucideIcon; term: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-white p-5 shadow-xs">
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        <Icon aria-hidden="true" className="size-4 text-brand-600" />
        {term}
      </dt>
      <dd className="mt-2 text-lg font-semibold text-brand-950">{value}</dd>
    </div>
  )
}
