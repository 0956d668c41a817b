import { BellOff } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { ListSkeleton } from '@/components/ui/skeleton'
import { useNotifications } from '../api/get-notifications'
import { ProfileLayout } from '../components/profile-layout'

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })

/** /profile/notifications: the user's notifications, or 'No new notifications found'. */
export default function NotificationsPage() {
  const notifications = useNotifications()
  return (
    <ProfileLayout title="Notifications">
      {notifications.isPending ? (
        <ListSkeleton count={3} label="Loading notifications…" />
      ) : !notifications.data || notifications.data.length === 0 ? (
        <EmptyState icon={BellOff} title="No new notifications found">
          When a review of yours is approved or needs changes, you will hear about it here.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {notifications.data.map((item) => (
            <li key={item._id} className="flex items-start gap-3 rounded-lg border border-line bg-white p-4 sm:p-5">
              <span
                aria-hidden="true"
                className={`mt-2 size-2.5 shrink-0 rounded-full ${item.read ? 'bg-line' : 'bg-accent-500'}`}
              />
              <div>
                <p className="text-ink">
                  {!item.read && <span className="sr-only">New: </span>}
                  {item.message}
                </p>
                <p className="mt-1 text-sm text-muted">
                  <time dateTime={new Date(item.createdAt * 1000).toISOString()}>{dateFormat.format(new Date(item.createdAt * 1000))}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ProfileLayout>
  )
}
