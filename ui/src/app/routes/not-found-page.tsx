import { PageNotFound } from '@/components/ui/not-found'

/**
 * Any path the route table does not know: the server answers it with a 404 and this page (the
 * specification sent such paths home, which hid broken links from readers and crawlers).
 */
export default function NotFoundPage() {
  return (
    <PageNotFound title="Page not found">
      We couldn't find that page. The link may be broken, or the page may have moved.
    </PageNotFound>
  )
}
