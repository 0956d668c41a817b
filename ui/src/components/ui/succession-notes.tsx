import { Link } from 'react-router'
import type { CourseLink } from '@/lib/catalog-schemas'

/** 'SIT30816 Certificate III in Commercial Cookery and …' */
function names(courses: CourseLink[]): string {
  return courses.map((c) => `${c.courseCode} ${c.name}`).join(' and ')
}

/** 'Replaces SIT30816 Certificate III in Commercial Cookery': under a course that superseded others. */
export function ReplacesNote({ replaces }: { replaces: CourseLink[] }) {
  if (replaces.length === 0) return null
  return (
    <p data-testid="replaces-note" className="text-sm text-muted">
      Replaces {names(replaces)}
    </p>
  )
}

/**
 * On a course that was replaced: which course replaced it, linked to where its providers are
 * found (`linkTo`), since providers enrol in the new one.
 */
export function ReplacedNotice({ replacedBy, linkTo }: { replacedBy: CourseLink[]; linkTo: (course: CourseLink) => string }) {
  if (replacedBy.length === 0) return null
  return (
    <p data-testid="replaced-notice" role="note" className="rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink">
      This qualification was replaced by{' '}
      {replacedBy.map((c, i) => (
        <span key={c._id}>
          {i > 0 && ' and '}
          <Link to={linkTo(c)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {c.courseCode} {c.name}
          </Link>
        </span>
      ))}
      . Its reviews stay readable here and on the new qualification's pages.
    </p>
  )
}
