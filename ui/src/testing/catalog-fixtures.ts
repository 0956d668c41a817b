import type { Course, Provider } from '@/lib/catalog-schemas'

/** A provider of the API's shape; only what a test cares about needs saying. */
export function provider(
  name: string,
  {
    total = 0,
    student = 0,
    employer = 0,
    ratingStudent = null,
    ratingEmployer = null,
    at = null,
    isExample = true,
    rated,
    recent = null,
    recentRated = 0,
  }: {
    total?: number
    student?: number
    employer?: number
    ratingStudent?: number | null
    ratingEmployer?: number | null
    at?: [number, number] | null
    isExample?: boolean
    /** How many reviews the averages are of (default: every review of a type with an average). */
    rated?: { total: number; student: number; employer: number }
    /** The score of the last 24 months (null below 3 rated reviews) and its count. */
    recent?: number | null
    recentRated?: number
  } = {},
): Provider {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const ratedStudent = ratingStudent === null ? 0 : student
  const ratedEmployer = ratingEmployer === null ? 0 : employer
  const ratedCount = rated ?? { total: ratedStudent + ratedEmployer, student: ratedStudent, employer: ratedEmployer }
  return {
    _id: `p-${slug}`,
    slug,
    name,
    isExample,
    standing: 'registered',
    retiredLabel: null,
    reviewCount: { total, student, employer },
    rating: { student: ratingStudent, employer: ratingEmployer, overall: null, ratedCount, recent, recentRatedCount: recentRated },
    location: {
      WebsiteUrl: `https://${slug}.example`,
      Latitude: at?.[0] ?? null,
      Longitude: at?.[1] ?? null,
      town: 'Town',
      state: 'VIC',
    },
  }
}

/** Real town coordinates, as the shipped example providers use. */
export const PLACES = {
  melbourne: [-37.8136, 144.9631],
  ballarat: [-37.5622, 143.8503],
  sydney: [-33.8688, 151.2093],
  hobart: [-42.8821, 147.3272],
  darwin: [-12.4634, 130.8456],
} as const satisfies Record<string, [number, number]>

export const industries = [
  { _id: '1', slug: 'hair-beauty', name: 'Hair and Beauty', copy: 'Cutting and styling hair.', careerCount: 10, reviewCount: 0 },
  { _id: '2', slug: 'hospitality', name: 'Hospitality', copy: 'Cooking and serving guests.', careerCount: 7, reviewCount: 12 },
  { _id: '3', slug: 'outdoor-recreation', name: 'Outdoor Recreation', copy: 'Leading groups outdoors.', careerCount: 3, reviewCount: 0 },
]

export const cook = {
  _id: '13',
  slug: 'cook',
  name: 'Cook',
  copy: '<p>Cooks prepare food. <strong>Apprenticeship</strong> pathway.</p>',
  courses: 2,
  industryId: '2',
  industrySlug: 'hospitality',
  industryName: 'Hospitality',
}

export const chef = { ...cook, _id: '14', slug: 'chef', name: 'Chef', copy: '<p>Chefs run kitchens.</p>', courses: 3 }

export const commercialCookery: Course = {
  _id: '16',
  slug: 'certificate-iii-in-commercial-cookery',
  name: 'Certificate III in Commercial Cookery',
  courseCode: 'SIT30821',
  copy: 'The trade qualification for cooks and chefs.',
  careers: [
    { _id: '14', slug: 'chef', name: 'Chef', industrySlug: 'hospitality' },
    { _id: '13', slug: 'cook', name: 'Cook', industrySlug: 'hospitality' },
  ],
  providers: 3,
  reviews: 5,
  replaces: [],
  replacedBy: [],
}

export const cookery: Course = {
  ...commercialCookery,
  _id: '14',
  slug: 'certificate-ii-in-cookery',
  name: 'Certificate II in Cookery',
  courseCode: 'SIT20421',
  careers: [{ _id: '13', slug: 'cook', name: 'Cook', industrySlug: 'hospitality' }],
  providers: 14,
  reviews: 0,
  replaces: [],
  replacedBy: [],
}
