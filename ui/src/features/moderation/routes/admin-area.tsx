import type { ComponentType } from 'react'
import { useLocation } from 'react-router'
import { EditContentPage, PromoStripPage, SearchUserPage } from './admin-coming-soon-pages'
import ModerateReviewsPage from './moderate-reviews-page'

const PAGES: Record<string, ComponentType> = {
  '/admin/promo-strip': PromoStripPage,
  '/admin/edit-content': EditContentPage,
  '/admin/search-user': SearchUserPage,
}

/**
 * The admin area's pages behind one lazy import: the route table points all four admin routes
 * here (one import site costs the initial bundle less than four), and the path picks the page.
 */
export default function AdminArea() {
  const { pathname } = useLocation()
  const Page = PAGES[pathname.replace(/\/+$/, '')] ?? ModerateReviewsPage
  return <Page />
}
