import type { Course } from '@/lib/catalog-schemas'

/** Where a course's providers are listed: its first career's page, else a search for its code. */
export function providersPage(course: Pick<Course, 'slug' | 'courseCode' | 'careers'> | undefined): string {
  const career = course?.careers[0]
  if (career) return `/industry/${career.industrySlug}/${career.slug}/${course.slug}`
  return course ? `/search?by=code&q=${encodeURIComponent(course.courseCode)}` : '/industries'
}
