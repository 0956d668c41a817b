import { PageFrame } from './page-frame'

/** Stands in for a page whose issue has not landed yet. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <p className="text-lg text-muted">Coming soon</p>
    </PageFrame>
  )
}
