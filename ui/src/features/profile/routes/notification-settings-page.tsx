import { useState } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { FormCard } from '@/components/ui/form-card'
import { FormMessage } from '@/components/ui/form-field'
import { ListSkeleton } from '@/components/ui/skeleton'
import { useUser } from '@/lib/auth/get-userinfo'
import { errorLines } from '@/lib/error-lines'
import { type NotificationSettings, useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings'
import { ProfileLayout } from '../components/profile-layout'

/** The words of each choice. */
const CHOICE_LABELS: Record<string, string> = {
  site: 'In the site only',
  weekly: 'In the site and in the weekly digest mail',
  now: 'In the site and by mail at once',
  off: 'Off',
}

/** The zones' names as people say them. */
const ZONE_LABELS: Record<string, string> = {
  'Australia/Perth': 'Perth (Western Australia)',
  'Australia/Eucla': 'Eucla',
  'Australia/Darwin': 'Darwin (Northern Territory)',
  'Australia/Adelaide': 'Adelaide (South Australia)',
  'Australia/Broken_Hill': 'Broken Hill',
  'Australia/Brisbane': 'Brisbane (Queensland)',
  'Australia/Lindeman': 'Lindeman (Whitsunday Islands)',
  'Australia/Sydney': 'Sydney, Canberra (NSW, ACT)',
  'Australia/Melbourne': 'Melbourne (Victoria)',
  'Australia/Hobart': 'Hobart (Tasmania)',
  'Australia/Lord_Howe': 'Lord Howe Island',
}

/** The browser's zone when it is one of the offered ones. */
function browserZone(offered: string[]): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return offered.includes(zone) ? zone : undefined
}

/**
 * /profile/notification-settings: per kind of alert, how the user hears about it, and the zone
 * whose Monday 08:00 the weekly digest goes out at (preset from the browser until chosen).
 */
export default function NotificationSettingsPage() {
  const settings = useNotificationSettings()
  return (
    <ProfileLayout title="Notification settings">
      {settings.isPending ? (
        <ListSkeleton count={2} label="Loading your settings…" />
      ) : settings.isError ? (
        <p role="alert" className="text-muted">
          Your notification settings could not be loaded just now. Please try again in a moment.
        </p>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </ProfileLayout>
  )
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const user = useUser()
  const save = useSaveNotificationSettings()
  const preset = settings.timeZoneChosen ? undefined : browserZone(settings.timeZones)
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.kinds.map((k) => [k.kind, k.choice])),
  )
  const [zone, setZone] = useState(preset ?? settings.timeZone)
  const [saved, setSaved] = useState<string | null>(null)
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!user) return
    setSaved(null)
    save.mutate({ userId: user._id, choices, timeZone: zone }, { onSuccess: (answer) => setSaved(answer.msg) })
  }
  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <FormCard
        id="alert-kinds-title"
        title="How you hear about each kind"
        description="Every alert mail has a link that turns its kind of mail off in one click, without logging in."
      >
        <div className="space-y-6">
          {settings.kinds.map((kind) => (
            <fieldset key={kind.kind}>
              <legend className="font-semibold text-ink">{kind.label}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {kind.choices.map((choice) => (
                  <label key={choice} className="flex items-center gap-2 rounded-md border border-line px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input
                      type="radio"
                      name={kind.kind}
                      value={choice}
                      checked={choices[kind.kind] === choice}
                      onChange={() => setChoices((c) => ({ ...c, [kind.kind]: choice }))}
                      className="size-4 accent-brand-700"
                    />
                    <span>
                      {CHOICE_LABELS[choice] ?? choice}
                      {choice === kind.default && <span className="text-muted"> (default)</span>}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </FormCard>
      <FormCard id="digest-zone-title" title="Weekly digest" description="The digest goes out on Monday at 08:00 in your time zone.">
        <label htmlFor="time-zone" className="block font-medium text-ink">
          Your time zone
        </label>
        <select
          id="time-zone"
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          aria-describedby={preset ? 'time-zone-preset' : undefined}
          className="mt-2 block w-full rounded-md border border-line bg-white px-3 py-2.5 sm:max-w-sm"
        >
          {settings.timeZones.map((z) => (
            <option key={z} value={z}>
              {ZONE_LABELS[z] ?? z}
            </option>
          ))}
        </select>
        {preset && (
          <p id="time-zone-preset" className="mt-2 text-sm text-muted">
            Preset from your browser. Save to keep it.
          </p>
        )}
      </FormCard>
      {save.isError && <FormMessage tone="error" messages={errorLines(save.error)} />}
      {saved && <FormMessage tone="success" messages={[saved]} />}
      <div className="flex justify-end">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          Save settings
        </button>
      </div>
    </form>
  )
}
