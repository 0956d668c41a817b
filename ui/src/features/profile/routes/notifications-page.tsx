import { BellOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { textLink } from '@/components/ui/button-styles'
import { EmptyState } from '@/components/ui/empty-state'
import { Pager } from '@/components/ui/pager'
import { ListSkeleton } from '@/components/ui/skeleton'
import { totalPages } from '@/lib/paging'
import { NOTIFICATIONS_PAGE_SIZE, type Notification, useNotifications } from '../api/get-notifications'
import { useMarkNotificationsRead } from '../api/mark-notifications-read'
import { ProfileLayout } from '../components/profile-layout'

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * /profile/notifications: the user's notifications, 20 a page, or 'No new notifications found'.
 * Opening the page reads them: once the first page has arrived (showing which were new), all are
 * marked read and the badges go.
 */
export default function NotificationsPage() {
  const [page, setPage] = useState(1)
  const notifications = useNotifications(page)
  useMarkReadOnce(notifications.isSuccess)
  const data = notifications.data

  return (
    <ProfileLayout title="Notifications">
      {notifications.isPending ? (
        <ListSkeleton count={3} label="Loading notifications…" />
      ) : notifications.isError && !data ? (
        <EmptyState icon={BellOff} title="Your notifications could not be loaded" role="alert">
          {notifications.error.message}
        </EmptyState>
      ) : !data || data.notifications.length === 0 ? (
        <EmptyState icon={BellOff} title="No new notifications found">
          When a review of yours is approved or needs changes, you will hear about it here.
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {data.notifications.map((item) => (
              <NotificationItem key={item._id} item={item} />
            ))}
          </ul>
          {data.total > NOTIFICATIONS_PAGE_SIZE && (
            <div className="mt-6">
              <Pager page={page} pages={totalPages(data.total, NOTIFICATIONS_PAGE_SIZE)} onChange={setPage} label="Notification pages" />
            </div>
          )}
        </>
      )}
    </ProfileLayout>
  )
}

/** Marks everything read once per visit, after the list has loaded. */
function useMarkReadOnce(loaded: boolean) {
  const { mutate } = useMarkNotificationsRead()
  const done = useRef(false)
  useEffect(() => {
    if (!loaded || done.current) return
    done.current = true
    mutate()
  }, [loaded, mutate])
}

function NotificationItem({ item }: { item: Notification }) {
  const date = new Date(item.createdAt * 1000)
  return (
    <li className="flex items-start gap-3 rounded-lg border border-line bg-white p-4 sm:p-5">
      <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${item.read ? 'bg-line' : 'bg-accent-500'}`} />
      <div>
        <p className="text-ink">
          {!item.read && <span className="sr-only">New: </span>}
          {item.message}
        </p>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={date.toISOString()}>{dateFormat.format(date)}</time>
        </p>
        {item.kind === 'legal-complaint' && item.ownReview && (
          <p className="mt-2 text-sm">
            <Link to="/profile/reviews" className={textLink}>
              Read it and answer from your reviews
            </Link>
          </p>
        )}
        {item.reviewPage && item.kind !== 'review-disapproved' && !(item.kind === 'legal-complaint' && item.ownReview) && (
          <p className="mt-2 text-sm">
            <Link to={item.reviewPage} className={textLink}>
              Read the review
            </Link>
          </p>
        )}
        {item.kind === 'review-disapproved' && (
          <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <Link to="/profile/reviews" className={textLink}>
              Edit and resubmit your review
            </Link>
            <Link to="/contact" className={textLink}>
              Contact us
            </Link>
          </p>
        )}
      </div>
    </li>
  )
}
