import { FilePenLine } from 'lucide-react'
import { useState } from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton, LoadingRegion } from '@/components/ui/skeleton'
import { CONTENT_KINDS, type ContentKind } from '../api/content-kinds'
import { useContentItems } from '../api/get-content-items'
import { DescriptionForm } from '../components/description-form'
import { ItemPicker } from '../components/item-picker'
import { KindChoice } from '../components/kind-choice'

/** /admin/edit-content: choose Industry, Career or Course, pick the item, edit its description. */
export default function EditContentPage() {
  const [kind, setKind] = useState<ContentKind | null>(null)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const items = useContentItems(kind)
  const item = items.data?.find((candidate) => candidate._id === selectedId) ?? null

  return (
    <div className="max-w-3xl space-y-6">
      <KindChoice
        value={kind}
        onChange={(next) => {
          setKind(next)
          setSelectedId(null)
        }}
      />
      {kind &&
        (items.isPending ? (
          <LoadingRegion label={`Loading ${CONTENT_KINDS[kind].plural}…`}>
            <Skeleton className="h-5 w-24" />
            <Skeleton className="mt-2 h-11 w-full" />
          </LoadingRegion>
        ) : items.isError ? (
          <EmptyState icon={FilePenLine} title={`The ${CONTENT_KINDS[kind].plural} could not be loaded`} role="alert">
            {items.error.message}
          </EmptyState>
        ) : (
          <ItemPicker key={kind} kind={kind} items={items.data} selected={item} onSelect={(next) => setSelectedId(next._id)} />
        ))}
      {kind && item && <DescriptionForm key={`${kind}:${item._id}`} kind={kind} item={item} />}
    </div>
  )
}
