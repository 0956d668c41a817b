// The admin area (admins only, so none of it belongs in the initial bundle) as one lazy chunk
// behind one import: its pages share the admin layout and menu, and the path picks the page.
export { default } from '@/app/admin/admin-area'
