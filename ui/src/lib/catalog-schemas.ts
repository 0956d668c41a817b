import * as z from 'zod/mini'

// Answer shapes shared by the catalogue pages and the search page (the API's course and
// provider objects). Each API call file still owns its own call and hook.

/** A career the course leads to, as the course answers carry it. */
export const courseCareerSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  industrySlug: z.string(),
})

/** POST /api/getcoursebyslug, /api/getcoursesbycareerid items, and the course of a search result. */
/** A course named beside another: the one it replaced, or the one that replaced it. */
export const courseLinkSchema = z.object({ _id: z.string(), slug: z.string(), courseCode: z.string(), name: z.string() })

export type CourseLink = z.infer<typeof courseLinkSchema>

export const courseSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  courseCode: z.string(),
  copy: z._default(z.string(), ''),
  careers: z._default(z.array(courseCareerSchema), []),
  providers: z._default(z.number(), 0),
  reviews: z._default(z.number(), 0),
  /** The earlier qualifications this course replaced (superseded). */
  replaces: z._default(z.array(courseLinkSchema), []),
  /** The qualifications that replaced this one. */
  replacedBy: z._default(z.array(courseLinkSchema), []),
})

export type Course = z.infer<typeof courseSchema>

const average = z._default(z.nullable(z.number()), null)

/** Review counts by user type. */
export const reviewCountSchema = z.object({ total: z.number(), student: z.number(), employer: z.number() })

const NO_REVIEWS = { total: 0, student: 0, employer: 0 }

/** A provider delivering a course, with its review counts and average scores for that course. */
export const providerSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  isExample: z._default(z.boolean(), false),
  /** 'registered', 'suspended' or 'cancelled', from the register's decisions in force (DESIGN 28). */
  standing: z._default(z.string(), 'registered'),
  /** 'No longer registered to deliver this course since MONTH YEAR', or null. */
  retiredLabel: z._default(z.nullable(z.string()), null),
  reviewCount: reviewCountSchema,
  /** Averages of the approved rated reviews, each with its count (`ratedCount`, DESIGN 3). */
  rating: z._default(
    z.object({
      student: average,
      employer: average,
      overall: average,
      ratedCount: z._default(reviewCountSchema, NO_REVIEWS),
      /** The average of the rated reviews of the last 24 months; null below 3 of them (lib/recent-score). */
      recent: z._default(average, null),
      /** How many rated reviews are in those 24 months. */
      recentRatedCount: z._default(z.number(), 0),
    }),
    { student: null, employer: null, overall: null, ratedCount: NO_REVIEWS, recent: null, recentRatedCount: 0 },
  ),
  location: z.object({
    WebsiteUrl: z.nullish(z.string()),
    Latitude: z.nullish(z.number()),
    Longitude: z.nullish(z.number()),
    town: z.nullish(z.string()),
    state: z.nullish(z.string()),
  }),
  /** In a course's provider list: fee, duration, delivery and campus places (lib/offering-facts). */
  facts: z.optional(
    z.object({
      fee: z.nullable(z.number()),
      subsidisedFee: z.nullable(z.number()),
      subsidyState: z.nullish(z.string()),
      durationWeeks: z.nullable(z.number()),
      durationMaxWeeks: z.nullable(z.number()),
      deliveryModes: z.array(z.string()),
      campuses: z.array(z.object({ latitude: z.number(), longitude: z.number() })),
    }),
  ),
})

export type Provider = z.infer<typeof providerSchema>

export const providerListSchema = z.array(providerSchema)
