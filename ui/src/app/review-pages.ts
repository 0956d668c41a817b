// The reviews issue's course-provider page (with the leave-review overlay) as its own lazy chunk.
// A default export keeps its entry in the initial bundle as short as it can be.
export { default } from '@/features/reviews/routes/course-provider-page'
