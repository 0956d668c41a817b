// What app/ may use of offering facts (DESIGN decision 23): the course-provider page's block
// and the 'Courses we offer' editor (app/routes/courses-we-offer-page.tsx), the admin menu's
// count of flagged course pages, and a provider's offerings (the invitation page's courses).
export { FactsBlock } from './components/facts-block'
export { CoursesWeOffer } from './components/courses-we-offer'
export { useFlaggedCoursePagesCount } from './api/flagged-course-pages'
export { useProviderOfferings } from './api/provider-offerings'
