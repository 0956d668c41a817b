import { Save } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { primaryButton } from '@/components/ui/button-styles'
import { CharCount } from '@/components/ui/char-count'
import { Field, FormMessage } from '@/components/ui/form-field'
import { controlA11y, controlClass, fieldIds } from '@/components/ui/form-field-props'
import { Notice } from '@/components/ui/notice'
import { normaliseHtml } from '@/components/ui/rich-text-editor/normalise-html'
import { ApiError } from '@/lib/api-client'
import { visibleText } from '@/lib/html-text'
import type { StripContent } from '../api/promotion-strip-schema'
import { useUpdatePromotionStrip } from '../api/update-promotion-strip'
import { hasErrors, LABEL_MAX, MESSAGE_MAX, stripErrors } from '../lib/strip-rules'
import { STRIP_EXTENSIONS } from './strip-extensions'
import { StripMessageEditor } from './strip-message-editor'

const MESSAGE_ID = 'strip-message'
const LABEL_ID = 'strip-button-label'
const LINK_ID = 'strip-button-link'

const sameContent = (a: StripContent, b: StripContent) =>
  (Object.keys(a) as (keyof StripContent)[]).every((key) => key === 'stripMessageText' || a[key] === b[key])

/**
 * The Promotion Strip page's form (spec 001, Admin area): the strip on or off, its message, and
 * an optional button. 'Update information' works once something changed and every rule holds;
 * the rules show as the admin edits.
 */
export function StripForm({ content }: { content: StripContent }) {
  // As the editor would give the stored message back, so loading it is not a change.
  const stored = useMemo(() => ({ ...content, stripMessageHtml: normaliseHtml(content.stripMessageHtml, STRIP_EXTENSIONS) }), [content])
  const [draft, setDraft] = useState(stored)
  // A save brings new stored content: the form starts again from it.
  const [shownStored, setShownStored] = useState(stored)
  if (shownStored !== stored) {
    setShownStored(stored)
    setDraft(stored)
  }

  const update = useUpdatePromotionStrip()
  const successRef = useRef<HTMLDivElement>(null)
  const changed = !sameContent(draft, stored)
  const errors = stripErrors(draft)
  // Live, but only once the admin has changed something.
  const shown = changed ? errors : {}
  const saved = update.isSuccess && !changed
  const text = visibleText(draft.stripMessageHtml)

  useEffect(() => {
    if (saved) successRef.current?.focus()
  }, [saved])

  const edit = (change: Partial<StripContent>) => {
    setDraft((current) => ({ ...current, ...change }))
    if (!update.isIdle) update.reset()
  }
  const save = () => update.mutate({ ...draft, stripMessageText: text })

  return (
    <div className="max-w-3xl space-y-6">
      <Checkbox checked={draft.displayPromotionStrip} onChange={(on) => edit({ displayPromotionStrip: on })}>
        Add Promotion Strip
      </Checkbox>

      {draft.displayPromotionStrip && (
        <div className="space-y-6 border-l-4 border-brand-100 pl-4 sm:pl-6">
          <Field
            id={MESSAGE_ID}
            label="Strip Message"
            aside={<CharCount id={fieldIds(MESSAGE_ID).hint} text={text} max={MESSAGE_MAX} />}
            error={shown.stripMessageHtml}
          >
            <StripMessageEditor
              id={MESSAGE_ID}
              value={draft.stripMessageHtml}
              onChange={(html) => edit({ stripMessageHtml: html })}
              describedBy={controlA11y(MESSAGE_ID, { error: shown.stripMessageHtml, hint: true })['aria-describedby']}
              invalid={!!shown.stripMessageHtml}
            />
          </Field>

          <Checkbox checked={draft.displayCTAButton} onChange={(on) => edit({ displayCTAButton: on })}>
            Add Button Label
          </Checkbox>

          {draft.displayCTAButton && (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                id={LABEL_ID}
                label="Button Label"
                aside={<CharCount id={fieldIds(LABEL_ID).hint} text={draft.buttonLabel} max={LABEL_MAX} />}
                error={shown.buttonLabel}
              >
                <input
                  type="text"
                  value={draft.buttonLabel}
                  onChange={(event) => edit({ buttonLabel: event.target.value })}
                  placeholder="Enrol now"
                  className={controlClass(!!shown.buttonLabel)}
                  {...controlA11y(LABEL_ID, { error: shown.buttonLabel, hint: true })}
                />
              </Field>
              <Field id={LINK_ID} label="Button Link" error={shown.buttonLink}>
                <input
                  type="url"
                  inputMode="url"
                  value={draft.buttonLink}
                  onChange={(event) => edit({ buttonLink: event.target.value })}
                  placeholder="https://www.example.com.au/enrol"
                  spellCheck={false}
                  className={controlClass(!!shown.buttonLink)}
                  {...controlA11y(LINK_ID, { error: shown.buttonLink })}
                />
              </Field>
            </div>
          )}
        </div>
      )}

      {saved && (
        <Notice tone="success" ref={successRef}>
          {update.data.msg}
        </Notice>
      )}
      {update.isError && (
        <FormMessage
          tone="error"
          messages={update.error instanceof ApiError ? update.error.messages.map((m) => m.msg) : ['The promotion strip could not be saved. Please try again.']}
        />
      )}

      <button type="button" className={primaryButton} disabled={!changed || hasErrors(errors) || update.isPending} onClick={save}>
        <Save aria-hidden="true" className="size-5" />
        {update.isPending ? 'Updating…' : 'Update information'}
      </button>
    </div>
  )
}

function Checkbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex w-fit cursor-pointer items-center gap-3 font-medium text-ink">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5 accent-brand-700" />
      {children}
    </label>
  )
}
