// What app/ may use of favourites: the course-provider page's heart (its own page is loaded by
// path: README, Layout).
export { useToggleFavourite } from './api/add-or-remove-favourite'
export { useIsFavourite } from './api/get-favourites'
