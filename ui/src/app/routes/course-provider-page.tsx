import { ExternalLink, MapPin, MessageSquare } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import { Breadcrumb, type Crumb } from '@/components/ui/breadcrumb'
import { ExampleTag } from '@/components/ui/example-tag'
import { FollowButton } from '@/components/ui/follow-button'
import { RetiredNotice, StandingTag } from '@/components/ui/register-tags'
import { ReplacedNotice, ReplacesNote } from '@/components/ui/succession-notes'
import { PageLoadError, PageNotFound } from '@/components/ui/not-found'
import { ShareDialog } from '@/components/ui/share-dialog'
import { HeroSkeleton, ListSkeleton } from '@/components/ui/skeleton'
import { useIsFavourite, useToggleFavourite } from '@/features/favourites'
import { InvitedShareNote } from '@/features/invitations'
import { FactsBlock } from '@/features/offering-facts'
import { ProviderDecisions } from '@/features/register-record'
import { useRepresentedProviderId } from '@/features/representation'
import {
  ALREADY_REVIEWED_MS,
  LeaveReviewDialog,
  overallAverage,
  PredecessorReviews,
  ProviderActions,
  ProviderDescription,
  ProviderRatings,
  ProviderReviews,
  type ReplyRole,
  reviewButtonState,
  useOverallProviderRating,
  useProviderForCourse,
  useRatingDetails,
  useReviewOverlay,
  useUserReviewed,
} from '@/features/reviews'
import { useUser } from '@/lib/auth/get-userinfo'
import { useCareerBySlug } from '@/lib/catalog/get-career-by-slug'
import { useCourseBySlug } from '@/lib/catalog/get-course-by-slug'
import { providersPage } from '@/lib/catalog/providers-page'
import { useDocumentTitle } from '@/lib/document-title'
import { distanceKm, useGeolocation } from '@/lib/geo'
import { isNotFound } from '@/lib/query-retry'
import { pluralise } from '@/lib/score'
import { useTimedMessage } from '@/lib/use-timed-message'

/** Why the review button is off for a retired offering or a suspended or cancelled provider. */
const NOT_OPEN = '* This provider is not currently registered to deliver this course, so it cannot be reviewed.'

/** How long the favourite's message shows (spec section 9). */
const FAVOURITE_MESSAGE_MS = 3000

/**
 * A course as delivered by one provider: who and where, the ratings, the actions (leave a
 * review, share, favourite) and the approved reviews. Login required (routes.ts). It composes
 * several features (reviews, favourites, representation's replies, sharing), hence app/routes/.
 */
export default function CourseProviderPage() {
  const params = useParams()
  const courseSlug = params.course ?? ''
  const providerSlug = params.provider ?? ''
  const user = useUser()
  const geo = useGeolocation()

  const course = useCourseBySlug(courseSlug)
  // Only under /industry/...: the crumbs' industry and career names.
  const career = useCareerBySlug(params.career ?? '', !!params.career)
  const provider = useProviderForCourse(providerSlug, course.data?._id)
  const courseId = course.data?._id
  const providerId = provider.data?._id
  const overall = useOverallProviderRating(providerId)
  const details = useRatingDetails(courseId, providerId)
  // A retired offering, or a provider suspended or cancelled on the register, takes no new review.
  const closed = !!provider.data && (provider.data.retiredLabel !== null || provider.data.standing !== 'registered')
  const checked = reviewButtonState(
    user?.userType,
    useUserReviewed(
      { userId: user?._id, courseId, providerId },
      user?.userType === 'Student' || user?.userType === 'Employer',
    ).data,
  )
  const reviewState = closed && checked.kind === 'open' ? { kind: 'not-allowed' as const, sentence: NOT_OPEN } : checked
  const representedProviderId = useRepresentedProviderId(user?.userType === 'Course Provider')
  const replyRole: ReplyRole = user?.isAdmin ? 'admin' : representedProviderId !== undefined && representedProviderId === providerId ? 'representative' : null
  const isFavourite = useIsFavourite(courseId, providerId)
  const toggleFavourite = useToggleFavourite()
  const [favouriteMessage, showFavouriteMessage] = useTimedMessage(FAVOURITE_MESSAGE_MS)
  const [reviewedMessage, showReviewedMessage] = useTimedMessage(ALREADY_REVIEWED_MS)
  const [shareOpen, setShareOpen] = useState(false)
  const overlay = useReviewOverlay()

  useDocumentTitle(provider.data && course.data ? { name: provider.data.name, context: course.data.name } : null)

  if (course.isPending || (course.isSuccess && provider.isPending) || user === undefined) {
    return (
      <>
        <HeroSkeleton />
        <div className="container-page py-10">
          <ListSkeleton count={3} label="Loading the provider…" />
        </div>
      </>
    )
  }
  const failed = [course, provider].find((q) => q.isError)
  if (failed) {
    return isNotFound(failed.error) ? (
      <PageNotFound title="Provider not found">
        We couldn't find that provider for this course. Browse the industries, or search for the course by its name or code.
      </PageNotFound>
    ) : (
      <PageLoadError title="Provider" />
    )
  }
  if (!course.data || !provider.data || !user) return null

  const c = course.data
  const p = provider.data
  const distance = geo.status === 'granted' ? distanceKm(geo.position, { latitude: p.location.Latitude, longitude: p.location.Longitude }) : null
  const website = p.location.WebsiteUrl || null
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href

  const onToggleFavourite = () => {
    if (isFavourite === undefined) return
    toggleFavourite.mutate(
      { action: isFavourite ? 'remove' : 'add', userId: user._id, courseId: c._id, providerId: p._id },
      { onSuccess: (answer) => showFavouriteMessage(answer.msg) },
    )
  }

  // Every crumb names what it links to as stored (the career's answer carries its industry).
  const breadcrumb: Crumb[] = params.industry
    ? [
        { label: 'Industries', to: '/industries' },
        ...(career.data
          ? [
              { label: career.data.industryName, to: `/industry/${params.industry}` },
              { label: career.data.name, to: `/industry/${params.industry}/${params.career}` },
            ]
          : []),
        { label: c.name, to: `/industry/${params.industry}/${params.career}/${c.slug}` },
        { label: p.name },
      ]
    : [{ label: 'Industries', to: '/industries' }, { label: c.name, to: providersPage(c) }, { label: p.name }]

  return (
    <>
      <div className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-10">
          <Breadcrumb items={breadcrumb} />
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{c.courseCode}</p>
          <p className="mt-1 text-lg font-medium text-ink">{c.name}</p>
          <ReplacesNote replaces={c.replaces} />
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-3xl font-bold tracking-tight text-brand-950 sm:text-4xl">{p.name}</h1>
            {p.isExample && <ExampleTag />}
            <StandingTag standing={p.standing} />
          </div>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <MessageSquare aria-hidden="true" className="size-4" />
              <span data-testid="review-count">{pluralise(p.reviewCount.total, 'review')}</span>
            </span>
            {(p.location.town || distance !== null) && (
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" />
                {[p.location.town, p.location.state].filter(Boolean).join(', ')}
                {distance !== null && (
                  <span data-testid="distance" className="font-medium text-ink">
                    {p.location.town ? ' · ' : ''}
                    {distance} km away
                  </span>
                )}
              </span>
            )}
            {website && (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Provider website
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </p>
          {p.retiredLabel && (
            <div className="mt-4">
              <RetiredNotice label={p.retiredLabel} />
            </div>
          )}
          {c.replacedBy.length > 0 && (
            <div className="mt-4">
              <ReplacedNotice replacedBy={c.replacedBy} linkTo={(next) => `/course/${next.slug}/${p.slug}`} />
            </div>
          )}
          <div className="mt-6">
            <ProviderActions
              review={reviewState}
              onLeaveReview={overlay.openOverlay}
              reviewedMessage={reviewedMessage}
              onAlreadyReviewed={showReviewedMessage}
              onShare={() => setShareOpen(true)}
              favourite={{ isFavourite, busy: toggleFavourite.isPending, message: favouriteMessage, onToggle: onToggleFavourite }}
            />
          </div>
          <div className="mt-4 flex flex-wrap items-start gap-3" role="group" aria-label="Follow">
            <FollowButton target={{ courseId: c._id, providerId: p._id }} userId={user._id} subject={`${c.name} at ${p.name}`} />
            <FollowButton target={{ providerId: p._id }} userId={user._id} noun="provider" subject={p.name} />
          </div>
        </div>
      </div>

      <div className="container-page pt-8 empty:hidden sm:pt-10">
        <FactsBlock courseId={c._id} providerId={p._id} />
      </div>
      <div className="container-page grid items-start gap-6 pt-8 sm:pt-10 lg:grid-cols-[3fr_2fr]">
        <ProviderRatings
          student={p.rating.student}
          employer={p.rating.employer}
          overall={p.rating.overall}
          recent={{ score: p.rating.recent, count: p.rating.recentRatedCount }}
          rated={p.rating.ratedCount}
          reviews={p.reviewCount}
          provider={overall.data ? { score: overallAverage(overall.data), count: overall.data.count } : undefined}
          providerShares={details.data?.providerQuestions}
        />
        {p.location.description ? (
          <section aria-labelledby="about-provider" className="rounded-lg border border-line bg-white p-5 sm:p-6">
            <h2 id="about-provider" className="text-lg font-semibold text-brand-950">
              About {p.name}
            </h2>
            <div className="mt-3">
              <ProviderDescription html={p.location.description} />
            </div>
          </section>
        ) : null}
        <ProviderDecisions providerSlug={p.slug} />
      </div>

      <div className="container-page pt-6 empty:hidden">
        <InvitedShareNote courseId={c._id} providerId={p._id} />
      </div>
      <ProviderReviews
        pair={`${courseSlug}/${providerSlug}`}
        courseId={c._id}
        providerId={p._id}
        currentUserId={user._id}
        counts={p.reviewCount}
        details={details}
        mayReview={reviewState.kind === 'open'}
        replyRole={replyRole}
      />
      <PredecessorReviews replaces={c.replaces} providerSlug={p.slug} providerId={p._id} currentUserId={user._id} />

      <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} url={pageUrl} title={`${p.name} | ${c.name}`} />
      {(reviewState.kind === 'open' || overlay.result) && (user.userType === 'Student' || user.userType === 'Employer') && (
        <LeaveReviewDialog
          {...overlay.dialog}
          header={{
            courseCode: c.courseCode,
            courseName: c.name,
            providerName: p.name,
            reviewCount: p.reviewCount.total,
            distance,
            website,
          }}
          target={{ userType: user.userType, userId: user._id, providerId: p._id, courseId: c._id }}
        />
      )}
    </>
  )
}
