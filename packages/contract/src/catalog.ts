import { z } from 'zod';
import { numeric } from './numbers';
import { categoryName } from './categories';
import { currencyCode, minorUnits } from './money-fields';
import { envelope, idParam, pageQuery } from './envelope';
import type { RouteDef } from './route-def';

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced', 'all'] as const;
export const COURSE_LANGUAGES = ['ar', 'en'] as const;

export const ratingSummary = z.object({
  average: z.number().describe('0 when there are no ratings; one decimal'),
  count: z.number().int(),
});

/** What a course card shows, everywhere a list of courses appears. */
export const courseCard = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  language: z.enum(COURSE_LANGUAGES),
  level: z.enum(COURSE_LEVELS),
  price: z.number().describe('priceMinor in major units (49.5), for reading only; 0 means free'),
  priceMinor: minorUnits.describe('The price in integer minor units of `currency` (4950 halalas = 49.50 SAR); 0 means free'),
  currency: currencyCode,
  isFree: z.boolean(),
  coverImage: z.string().nullable().describe('URL of the cover image, or null'),
  category: categoryName.nullable(),
  instructor: z.object({ id: z.number().int(), name: z.string() }),
  rating: ratingSummary,
  enrollmentCount: z.number().int(),
  lectureCount: z.number().int(),
  durationSeconds: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().describe('When the course went public: its approval, or its creation for courses approved without a review (seeded); "newest" sorts by it'),
});
export type CourseCard = z.infer<typeof courseCard>;

export const categoryWithCount = categoryName.extend({ courseCount: z.number().int() });

export const homeData = z.object({
  topCourses: z.array(courseCard).describe('Best rated, then most enrolled'),
  newestCourses: z.array(courseCard),
  categories: z.array(categoryWithCount).describe('Categories with at least one public course, most courses first'),
  footerCategories: z.array(categoryName),
});

export const COURSE_SORTS = ['newest', 'rating', 'popular', 'price_asc', 'price_desc'] as const;
export type CourseSort = (typeof COURSE_SORTS)[number];

/** The category page's size when none is asked for (the site's own pages ask for none). */
export const CATEGORY_PAGE_SIZE = 12;

export const categoryPageQuery = z.strictObject({
  page: numeric(z.number().int().min(1).max(1_000_000)).default(1),
  perPage: numeric(z.number().int().min(1).max(100)).default(CATEGORY_PAGE_SIZE),
  sort: z.enum(COURSE_SORTS).default('newest'),
});

export const categoryPage = z.object({
  category: categoryWithCount,
  items: z.array(courseCard),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});

export const review = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  message: z.string(),
  participant: z.object({ name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const reviewList = z.object({ items: z.array(review), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

export const outlineLecture = z.object({
  id: z.number().int(),
  title: z.string(),
  durationSeconds: z.number().int(),
  isFreePreview: z.boolean(),
  previewUrl: z.string().nullable().describe('Playable URL for free previews; null otherwise'),
  previewStream: z
    .object({ masterUrl: z.string(), posterUrl: z.string(), thumbnailsUrl: z.string() })
    .nullable()
    .describe("A free preview's streaming ladder once it is ready (docs/video.md), for anyone; null: play previewUrl"),
  previewCaptions: z.array(z.object({ lang: z.string(), url: z.string() })).describe("A free preview's captions (WebVTT), one per language; empty otherwise"),
});

export const outlineSection = z.object({
  id: z.number().int(),
  title: z.string(),
  opensAt: z.string().nullable().describe('Scheduled release: the section opens for everyone at this moment; null: no date'),
  opensAfterDays: z.number().int().nullable().describe("Scheduled release: the section opens this many days after each participant's enrolment; null: no delay"),
  lectures: z.array(outlineLecture),
});

/** How a participant may pay a paid course (docs/payments.md): `card` only when the site has a card gateway. */
export const PAYMENT_METHODS = ['card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How to pay a pending order: where to send a bank transfer, or the card gateway's page to pay on. */
export const paymentInstructions = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('bank_transfer'),
    reference: z.string(),
    bankDetails: z.string(),
    iban: z.string().nullable().describe('The IBAN alone (no spaces), for copying; null when the details hold none'),
    amount: z.number().describe('amountMinor in major units, for reading only'),
    amountMinor: minorUnits,
    currency: currencyCode,
  }),
  z.object({
    provider: z.literal('card'),
    reference: z.string(),
    checkoutUrl: z.string().describe("The gateway's own payment page (card, mada, Apple Pay, 3-D Secure): send the browser there"),
    amount: z.number().describe('amountMinor in major units, for reading only'),
    amountMinor: minorUnits,
    currency: currencyCode,
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructions>;

export const courseDetails = courseCard.extend({
  description: z.string().describe('Sanitised HTML'),
  promoVideoUrl: z.string().nullable().describe('The promo video of step 3, playable by anyone; null when there is none'),
  coverAlt: z.string().describe("The cover's text alternative (step 3); empty when the instructor gave none"),
  learnPoints: z.array(z.string()).describe('What participants will learn (step 2), plain text, in order'),
  requirements: z.array(z.string()).describe('What participants need before starting (step 2)'),
  audience: z.array(z.string()).describe('Who the course is for (step 2)'),
  tags: z.array(z.string()),
  sections: z.array(outlineSection),
  instructorProfile: z.object({ id: z.number().int(), name: z.string(), headline: z.string(), bio: z.string(), avatar: z.string().nullable(), courseCount: z.number().int() }),
  ratingDistribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  reviews: reviewList,
  similar: z.array(courseCard),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)).describe('How a paid course may be paid on this site: card (when a card gateway is set up) and bank transfer'),
  viewer: z
    .object({
      enrolled: z.boolean(),
      wishlisted: z.boolean(),
      rating: z.number().int().nullable(),
      pendingPayment: paymentInstructions.nullable().describe('A paid order waiting for its payment: its bank transfer, or its card checkout to finish'),
    })
    .nullable()
    .describe('Only with a participant token'),
});
export type CourseDetails = z.infer<typeof courseDetails>;

export const courseDetailsBody = z
  .strictObject({ p_id: z.union([numeric(z.number().int()), z.literal(''), z.null()]).optional().describe('The participant id, as the spec sends it; the bearer token decides') })
  .describe('The spec posts { p_id }');

const idOrSlug = z.strictObject({ id: z.string().min(1).max(120).describe('Category id or slug') });

export const catalogRoutes = {
  home: {
    method: 'GET', path: '/api/public/home', access: 'public', tags: ['catalog'],
    summary: 'Home page: top and newest courses, categories with course counts, footer categories', response: envelope(homeData),
  },
  category: {
    method: 'GET', path: '/api/public/category/:id', access: 'public', errors: [404], tags: ['catalog'],
    summary: 'A category (by id or slug) and its public courses, paginated and sorted',
    params: idOrSlug, query: categoryPageQuery, response: envelope(categoryPage),
  },
  details: {
    method: 'POST', path: '/api/course/:id/b', access: 'public', errors: [404], optionalAuth: 'participant', tags: ['catalog'],
    summary: 'Course details: outline, free previews, instructor, ratings, reviews, similar courses; with a participant token also enrolled/wishlisted',
    params: idParam, body: courseDetailsBody, response: envelope(courseDetails),
  },
  reviews: {
    method: 'GET', path: '/api/public/course/:id/reviews', access: 'public', errors: [404], tags: ['catalog'],
    summary: 'Reviews of a public course, newest first', params: idParam, query: pageQuery, response: envelope(reviewList),
  },
} satisfies Record<string, RouteDef>;
