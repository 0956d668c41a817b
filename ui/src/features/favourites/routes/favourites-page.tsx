import { ArrowRight, HeartOff, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/ui/empty-state'
import { ScoreCircle } from '@/components/ui/score-circle'
import { ListSkeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth/get-userinfo'
import { pluralise } from '@/lib/score'
import { useRemoveFavourite } from '../api/add-or-remove-favourite'
import { useFavourites, type Favourite } from '../api/get-favourites'

/** /favourites: the user's favourite courses at their providers, each with its two scores. */
export default function FavouritesPage() {
  const favourites = useFavourites()
  const count = favourites.data?.length
  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-12">
          {/* The spec's title is 'your Favourite courses'; the first letter is drawn as a capital. */}
          <h1 className="text-3xl font-bold tracking-tight text-brand-950 first-letter:uppercase sm:text-4xl">
            your Favourite courses
          </h1>
          <p className="mt-3 text-lg text-muted" aria-live="polite">
            {count === undefined ? '\u00a0' : `${pluralise(count, 'favourite')} saved`}
          </p>
        </div>
      </div>
      <div className="container-page py-8 sm:py-12">
        {favourites.isPending ? (
          <ListSkeleton count={3} label="Loading your favourites…" />
        ) : !favourites.data || favourites.data.length === 0 ? (
          <EmptyState icon={HeartOff} title="No favourites found">
            Tap the heart on a course provider's page to keep it here.{' '}
            <Link to="/search" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Find a course
            </Link>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {favourites.data.map((favourite) => (
              <FavouriteItem key={`${favourite.course._id}-${favourite.provider._id}`} favourite={favourite} />
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

function FavouriteItem({ favourite }: { favourite: Favourite }) {
  const user = useUser()
  const remove = useRemoveFavourite()
  const { course, provider, scores } = favourite
  const headingId = `favourite-${course._id}-${provider._id}`
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{course.courseCode}</p>
          <h2 id={headingId} className="mt-1 text-xl font-semibold text-brand-950">
            {provider.name}
          </h2>
          <p className="mt-1 text-muted">{course.name}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2">
            <Link
              to={`/course/${course.slug}/${provider.slug}`}
              className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
            >
              See reviews
              <ArrowRight aria-hidden="true" className="size-4" />
              <span className="sr-only">
                of {provider.name}, {course.name}
              </span>
            </Link>
            <button
              type="button"
              disabled={!user || remove.isPending}
              onClick={() => user && remove.mutate({ userId: user._id, courseId: course._id, providerId: provider._id })}
              className="inline-flex items-center gap-1.5 rounded-sm font-medium text-danger-700 underline-offset-2 hover:underline disabled:opacity-60"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
              <span className="sr-only">
                {provider.name}, {course.name} from favourites
              </span>
            </button>
          </div>
        </div>
        <div className="flex shrink-0 gap-6">
          <Score label="Student or Graduate" score={scores.student} />
          <Score label="Employer" score={scores.employer} />
        </div>
      </div>
    </li>
  )
}

function Score({ label, score }: { label: string; score: number | null }) {
  return (
    <div className="flex w-24 flex-col items-center gap-2 text-center">
      <ScoreCircle score={score} label={label} />
      <span aria-hidden="true" className="text-xs font-medium text-muted">
        {label}
      </span>
    </div>
  )
}
