// The public browsing pages (home, industries, industry, career, course providers) as one lazy
// chunk: each lazy page adds its import and its list of chunks to preload to the entry chunk,
// and these pages share most of their code anyway. Search loads on its own (it brings the combobox).
export { default as HomePage } from '@/features/catalog/routes/home-page'
export { default as IndustriesPage } from '@/features/catalog/routes/industries-page'
export { default as IndustryPage } from '@/features/catalog/routes/industry-page'
export { default as CareerPage } from '@/features/catalog/routes/career-page'
export { default as CourseProvidersPage } from '@/features/catalog/routes/course-providers-page'
