import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, courses, courseTags, enrollments, lectures, orders, ratings, sections, tags, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { sanitizeRichText } from '../lib/sanitize';
import { buildUserSearchText } from '../lib/search-text';
import type { Storage } from '../lib/storage';
import { refreshAllCourseSearchText } from '../modules/search/search.service';
import { seedDemoQuizzes } from './demo-quizzes';

export const DEMO_PASSWORD = 'nibras-demo';

export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@example.com', name: 'مدير نبراس' },
  { role: 'instructor', email: 'instructor@example.com', name: 'د. سلمى الحربي' },
  { role: 'instructor', email: 'instructor2@example.com', name: 'Omar Haddad' },
  { role: 'participant', email: 'participant@example.com', name: 'ليلى أحمد' },
  { role: 'participant', email: 'participant2@example.com', name: 'Yusuf Karim' },
  { role: 'participant', email: 'participant3@example.com', name: 'نور الهدى' },
] as const;

const DEMO_CATEGORIES = [
  { slug: 'programming', nameAr: 'البرمجة', nameEn: 'Programming' },
  { slug: 'design', nameAr: 'التصميم', nameEn: 'Design' },
  { slug: 'business', nameAr: 'الأعمال', nameEn: 'Business' },
  { slug: 'languages', nameAr: 'اللغات', nameEn: 'Languages' },
  { slug: 'science', nameAr: 'العلوم', nameEn: 'Science' },
  { slug: 'personal-development', nameAr: 'تطوير الذات', nameEn: 'Personal development' },
  { slug: 'arabic-calligraphy', nameAr: 'الخط العربي', nameEn: 'Arabic calligraphy' },
];

type Level = 'beginner' | 'intermediate' | 'advanced' | 'all';
interface DemoCourse {
  slug: string;
  instructor: number;
  title: string;
  subtitle: string;
  language: 'ar' | 'en';
  level: Level;
  price: number;
  tags?: string[];
}
const DEMO_COURSES: DemoCourse[] = [
  { slug: 'programming', instructor: 0, title: 'أساسيات البرمجة بلغة بايثون', subtitle: 'ابدأ رحلتك في البرمجة خطوة بخطوة', language: 'ar', level: 'beginner', price: 0, tags: ['بايثون', 'Python', 'برمجة'] },
  { slug: 'programming', instructor: 1, title: 'Modern Web Development with TypeScript', subtitle: 'Types, tooling and tests for real projects', language: 'en', level: 'intermediate', price: 49, tags: ['TypeScript', 'web'] },
  { slug: 'design', instructor: 0, title: 'مبادئ تصميم واجهات المستخدم', subtitle: 'الألوان والخطوط والمسافات', language: 'ar', level: 'beginner', price: 0 },
  { slug: 'business', instructor: 1, title: 'Starting a Small Business', subtitle: 'From idea to first customer', language: 'en', level: 'all', price: 0 },
  { slug: 'languages', instructor: 0, title: 'الإنجليزية للمبتدئين', subtitle: 'محادثات يومية ومفردات أساسية', language: 'ar', level: 'beginner', price: 25 },
  { slug: 'science', instructor: 1, title: 'Introduction to Astronomy', subtitle: 'Stars, planets and how we know', language: 'en', level: 'beginner', price: 0 },
  { slug: 'personal-development', instructor: 0, title: 'إدارة الوقت بفعالية', subtitle: 'عادات صغيرة ونتائج كبيرة', language: 'ar', level: 'all', price: 0 },
  { slug: 'arabic-calligraphy', instructor: 0, title: 'فن الخط العربي: خط النسخ', subtitle: 'تعلم الحروف وقواعد الكتابة', language: 'ar', level: 'beginner', price: 30 },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Small real clips made with ffmpeg (see seed/media/README.md): [file, seconds]. */
const CLIPS: [string, number][] = [
  ['clip-a.mp4', 8],
  ['clip-b.mp4', 10],
  ['clip-c.mp4', 6],
];
const clipPath = (file: string) => fileURLToPath(new URL(`./media/${file}`, import.meta.url));

const OUTLINE = {
  ar: { sections: ['مقدمة', 'الأساسيات'], lectures: ['مرحبًا بك في الدورة', 'ماذا ستتعلم', 'الخطوة الأولى', 'تطبيق عملي', 'الخلاصة'] },
  en: { sections: ['Introduction', 'The essentials'], lectures: ['Welcome to the course', 'What you will learn', 'First steps', 'Hands-on practice', 'Wrap-up'] },
};

function description(c: DemoCourse) {
  return sanitizeRichText(
    c.language === 'ar'
      ? `<p>${c.subtitle}. دورة عملية قصيرة تأخذك من الصفر إلى أول نتيجة ملموسة.</p><ul><li>دروس قصيرة مركزة</li><li>أمثلة من الواقع</li><li>شهادة عند الإتمام</li></ul>`
      : `<p>${c.subtitle}. A short, practical course that takes you from zero to a first real result.</p><ul><li>Short, focused lessons</li><li>Real-world examples</li><li>A certificate when you finish</li></ul>`,
  );
}

/** Demo accounts, categories, approved courses with lectures and videos, enrolments, ratings and assessments. */
export async function seedDemo(db: Db, storage: Storage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Each lecture gets its own copy, as an upload would: deleting one course never touches another's files.
  const videoKeys: { key: string; seconds: number }[] = [];
  for (let i = 0; i < DEMO_COURSES.length * OUTLINE.en.lectures.length; i++) {
    const [file, seconds] = CLIPS[i % CLIPS.length]!;
    const key = `videos/${randomUUID()}.mp4`;
    await storage.put(key, createReadStream(clipPath(file)));
    videoKeys.push({ key, seconds });
  }
  await db.transaction(async (tx) => {
    const people = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, bio: '', headline: a.role === 'instructor' ? 'Instructor' : '', searchText: buildUserSearchText(a.name, a.email) })))
      .returning({ id: users.id, role: users.role, email: users.email });
    const instructors = people.filter((p) => p.role === 'instructor').map((p) => p.id);
    const participants = people.filter((p) => p.role === 'participant').map((p) => p.id);
    const cats = await tx.insert(categories).values(DEMO_CATEGORIES).returning({ id: categories.id, slug: categories.slug });
    const catId = new Map(cats.map((c) => [c.slug, c.id]));
    const inserted = await tx
      .insert(courses)
      .values(
        DEMO_COURSES.map((c, i) => ({
          title: c.title,
          subtitle: c.subtitle,
          description: description(c),
          language: c.language,
          level: c.level,
          price: c.price,
          categoryId: catId.get(c.slug) ?? null,
          instructorId: instructors[c.instructor]!,
          approveStatus: 'approved' as const,
          completionStatus: 'complete' as const,
          // Spread over the past weeks so "newest" has an order.
          createdAt: new Date(Date.now() - (DEMO_COURSES.length - i) * 86_400_000),
        })),
      )
      .returning({ id: courses.id });

    let video = 0;
    for (const [i, course] of inserted.entries()) {
      const c = DEMO_COURSES[i]!;
      const words = OUTLINE[c.language];
      const secs = await tx
        .insert(sections)
        .values(words.sections.map((title, position) => ({ courseId: course.id, title, position })))
        .returning({ id: sections.id });
      await tx.insert(lectures).values(
        words.lectures.map((title, n) => {
          const v = videoKeys[video++]!;
          return { courseId: course.id, sectionId: secs[n < 2 ? 0 : 1]!.id, title, position: n, video: v.key, durationSeconds: v.seconds, isFreePreview: n === 0 };
        }),
      );
      if (c.tags?.length) {
        await tx.insert(tags).values(c.tags.map((name) => ({ name }))).onConflictDoNothing();
        const found = await tx.select({ id: tags.id }).from(tags).where(inArray(sql`lower(${tags.name})`, c.tags.map((t) => t.toLowerCase())));
        await tx.insert(courseTags).values(found.map((t) => ({ courseId: course.id, tagId: t.id }))).onConflictDoNothing();
      }
    }

    // participant2 and participant3 have studied some free courses and rated them; participant@ starts fresh.
    const reviews: [number, number, number, string][] = [
      [1, 0, 5, 'دورة رائعة ومبسطة، أنصح بها للمبتدئين.'],
      [2, 0, 4, 'Clear and well paced.'],
      [1, 2, 5, 'شرح ممتاز للألوان والخطوط.'],
      [2, 3, 4, 'Practical advice, thank you.'],
      [1, 5, 5, 'Fascinating introduction.'],
      [2, 6, 3, 'مفيدة لكن أتمنى أمثلة أكثر.'],
    ];
    for (const [p, courseIndex, rating, message] of reviews) {
      const participantId = participants[p]!;
      const courseId = inserted[courseIndex]!.id;
      const [o] = await tx
        .insert(orders)
        .values({ participantId, courseId, amount: 0, provider: 'free', status: 'paid', reference: `NB-DEMO${p}${courseIndex}`, paidAt: new Date() })
        .returning({ id: orders.id });
      await tx.insert(enrollments).values({ participantId, courseId, orderId: o!.id });
      await tx.insert(ratings).values({ participantId, courseId, rating, message });
    }
    // participant2 (enrolled above) has a short answer waiting for instructor@ to check.
    await seedDemoQuizzes(tx, { pythonCourse: inserted[0]!.id, businessCourse: inserted[3]!.id, submitter: participants[1]! });
  });
  // Demo courses are found by words like any other course.
  await refreshAllCourseSearchText(db);
}
