import { useId, useState } from 'react'
import { linkButton, primaryButton, secondaryButton } from '@/components/ui/button-styles'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass } from '@/components/ui/form-field-props'
import type { Campus } from '@/lib/offering-facts'
import { useRemoveCampus, useSaveCampus } from '../api/campuses'
import { type CampusForm, checkCampus, type FieldErrors, STATES, splitErrors } from '../lib/facts-rules'

const EMPTY: CampusForm = { name: '', street: '', town: '', state: '', postcode: '', latitude: '', longitude: '' }

function CampusEditor({ providerId, campus, onDone }: { providerId: string; campus?: Campus; onDone: () => void }) {
  const id = useId()
  const [form, setForm] = useState<CampusForm>(() =>
    campus ? { ...campus, latitude: String(campus.latitude), longitude: String(campus.longitude) } : EMPTY,
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [general, setGeneral] = useState<string[]>([])
  const save = useSaveCampus()

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setGeneral([])
    const checked = checkCampus(form)
    setErrors(checked.errors)
    if (!checked.campus) return
    try {
      await save.mutateAsync({ providerId, campusId: campus?._id, campus: { ...checked.campus, version: campus?.version } })
      onDone()
    } catch (error) {
      const { fields, general } = splitErrors(error)
      setErrors(fields)
      setGeneral(general)
    }
  }

  const input = (name: keyof CampusForm, label: string, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <input {...controlA11y(`${id}-${name}`, { error: errors[name], hint: !!hint })} value={form[name]} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} className={controlClass(!!errors[name])} />
    </Field>
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-line p-4" aria-label={campus ? `Change ${campus.name}` : 'Add a campus'}>
      {general.length > 0 && <FormMessage tone="error" messages={general} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('name', 'Campus name')}
        {input('street', 'Street address')}
        {input('town', 'Town')}
        <Field id={`${id}-state`} label="State" error={errors.state}>
          <select {...controlA11y(`${id}-state`, { error: errors.state })} value={form.state} onChange={(e) => setForm((f) => ({ ...f, state: e.target.value }))} className={controlClass(!!errors.state)}>
            <option value="">Choose</option>
            {STATES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        {input('postcode', 'Postcode')}
        <div />
        {input('latitude', 'Latitude', 'Decimal degrees, such as -38.1499.')}
        {input('longitude', 'Longitude', 'Decimal degrees, such as 144.3617.')}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {campus ? 'Save campus' : 'Add campus'}
        </button>
      </div>
    </form>
  )
}

/** The provider's campuses: each with Change and Remove, and a form to add one. */
export function CampusList({ providerId, campuses }: { providerId: string; campuses: Campus[] }) {
  const [editing, setEditing] = useState<string | null>(null)
  const [problem, setProblem] = useState<string[]>([])
  const remove = useRemoveCampus()
  return (
    <div className="space-y-4">
      {problem.length > 0 && <FormMessage tone="error" messages={problem} />}
      {campuses.length === 0 && <p className="text-muted">No campuses yet.</p>}
      <ul className="space-y-3">
        {campuses.map((c) => (
          <li key={c._id}>
            {editing === c._id ? (
              <CampusEditor providerId={providerId} campus={c} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-line px-4 py-3">
                <div>
                  <p className="font-medium text-ink">{c.name}</p>
                  <p className="text-sm text-muted">{[c.street, `${c.town} ${c.state} ${c.postcode}`].filter(Boolean).join(', ')}</p>
                </div>
                <div className="flex gap-4">
                  <button type="button" className={linkButton} onClick={() => setEditing(c._id)}>
                    Change<span className="sr-only"> {c.name}</span>
                  </button>
                  <button
                    type="button"
                    className={linkButton}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(c._id, { onError: (e) => setProblem(splitErrors(e).general) })}
                  >
                    Remove<span className="sr-only"> {c.name}</span>
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <CampusEditor providerId={providerId} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setEditing('new')}>
          Add a campus
        </button>
      )}
    </div>
  )
}
