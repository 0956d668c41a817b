import { Megaphone } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { ListSkeleton } from '@/components/ui/skeleton'
import { usePromotionStrip } from '../api/get-promotion-strip'
import { StripForm } from '../components/strip-form'

/** /admin/promo-strip: the site-wide promotion strip, as every page shows it. */
export default function PromoStripPage() {
  const strip = usePromotionStrip()
  if (strip.isPending) return <ListSkeleton count={2} label="Loading the promotion strip…" />
  if (strip.isError) {
    return (
      <EmptyState icon={Megaphone} title="The promotion strip could not be loaded" role="alert">
        {strip.error.message}
      </EmptyState>
    )
  }
  return <StripForm content={strip.data} />
}
