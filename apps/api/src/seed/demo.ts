import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { foldEnrolmentCounts } from '../db/enrolment-count';
import { issueInvoice } from '../db/invoice-issue';
import type { InvoiceSettings } from '../config';
import { categories, courses, courseTags, enrollments, lectureNotes, lectureResources, lectures, orders, ratings, sections, tags, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { sanitizeRichText } from '../lib/sanitize';
import { buildUserSearchText } from '../lib/search-text';
import type { Storage } from '../lib/storage';
import { refreshAllCourseSearchText } from '../modules/search/search.service';
import { DEMO_COURSES, DEMO_INSTRUCTORS, demoLectureSeconds } from './demo-catalogue';
import { seedDemoQuizzes } from './demo-quizzes';
import { seedDemoAssignments } from './demo-assignments';
import { seedDemoQuestions } from './demo-questions';
import { DEMO_RESOURCE_TEXT, demoLecturePdf } from './demo-documents';

export const DEMO_PASSWORD = 'nibras-demo';

export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@example.com', name: 'مدير نبراس' },
  ...DEMO_INSTRUCTORS.map((i) => ({ role: 'instructor', email: i.email, name: i.name }) as const),
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

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Small real clips made with ffmpeg (see seed/media/README.md). */
const CLIPS = ['clip-a.mp4', 'clip-b.mp4', 'clip-c.mp4'];
const mediaPath = (file: string) => fileURLToPath(new URL(`./media/${file}`, import.meta.url));

/** Copies a file of seed/media/ into the uploads under a fresh key, as an upload would store it. */
async function stored(storage: Storage, file: string, folder: string): Promise<string> {
  const key = `${folder}/${randomUUID()}.${file.split('.').pop()}`;
  await storage.put(key, createReadStream(mediaPath(file)));
  return key;
}

/** The naskh course's article lecture. */
const NASKH_ARTICLE = `<h2>أدوات الخطاط</h2>
<p>يحتاج الخطاط المبتدئ إلى ثلاث أدوات: <strong>القلم</strong> من القصب، و<strong>الحبر</strong> الأسود الثابت، و<strong>الورق</strong> المصقول.</p>
<ul><li>القلم: يُبرى بسكين حادة، ويُقط سنّه بزاوية مائلة.</li><li>الحبر: يُحفظ في دواة فيها ليقة من الحرير.</li><li>الورق: يُصقل حتى ينزلق عليه القلم.</li></ul>
<blockquote>«الخط هندسة روحانية، وإن ظهرت بآلة جسمانية.»</blockquote>
<p>بعد قراءة هذا المقال انتقل إلى ملف PDF، واكتب التمرين على ورقتك.</p>`;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/**
 * Scheduled release (docs/authoring.md): the last section of two courses opens later, one 7 days after each
 * participant's enrolment (participant2 enrolled 6 days ago: tomorrow for them; a new enrolment: in a week), one on a
 * date two weeks after seeding.
 */
const DEMO_RELEASES: Record<string, { opensAfterDays?: number; opensAt?: Date }> = {
  'ui-design': { opensAfterDays: 7 },
  astronomy: { opensAt: daysAgo(-14) },
};

/**
 * Demo accounts, categories, approved courses (covers, descriptions, step-2 lists, outlines of
 * course-length lectures whose videos are short clips), instructors' profiles with avatars,
 * free and paid orders with enrolments, ratings and assessments.
 */
export async function seedDemo(db: Db, storage: Storage, invoices: InvoiceSettings): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Each lecture, cover and avatar gets its own copy, as an upload would: deleting one course never touches another's files.
  const lectureCount = DEMO_COURSES.reduce((n, c) => n + c.outline.reduce((m, [, l]) => m + l.length, 0), 0);
  const [videoKeys, coverKeys, avatarKeys] = await Promise.all([
    Promise.all(Array.from({ length: lectureCount }, (_, i) => stored(storage, CLIPS[i % CLIPS.length]!, 'lectures'))),
    Promise.all(DEMO_COURSES.map((c) => stored(storage, `cover-${c.key}.png`, 'covers'))),
    Promise.all(DEMO_INSTRUCTORS.map((i) => stored(storage, `avatar-${i.avatar}.png`, 'avatars'))),
  ]);
  // The naskh course's article and PDF lectures (docs/authoring.md, "Lecture types"): the PDF made now, with pdfkit.
  const pdfKey = `lecture-pdfs/${randomUUID()}.pdf`;
  const resourceKey = `lecture-resources/${randomUUID()}.txt`;
  await storage.put(pdfKey, Readable.from(await demoLecturePdf()));
  await storage.put(resourceKey, Readable.from(Buffer.from(DEMO_RESOURCE_TEXT)));
  await db.transaction(async (tx) => {
    const profile = new Map(DEMO_INSTRUCTORS.map((i, n) => [i.email, { ...i, avatar: avatarKeys[n]! }]));
    const people = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => {
          const p = profile.get(a.email);
          return { ...a, passwordHash, bio: p?.bio ?? '', headline: p?.headline ?? '', avatar: p?.avatar ?? null, lang: /[\u0600-\u06FF]/.test(a.name) ? ('ar' as const) : ('en' as const), searchText: buildUserSearchText(a.name, a.email) };
        }),
      )
      .returning({ id: users.id, role: users.role, email: users.email });
    const admin = people.find((p) => p.role === 'admin')!.id;
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
          description: sanitizeRichText(c.description),
          language: c.language,
          level: c.level,
          priceMinor: c.price * 100,
          categoryId: catId.get(c.category) ?? null,
          instructorId: instructors[c.instructor]!,
          coverImage: coverKeys[i]!,
          coverAlt: c.coverAlt,
          learnPoints: c.learnPoints,
          requirements: c.requirements,
          audience: c.audience,
          approveStatus: 'approved' as const,
          completionStatus: 'complete' as const,
          // Spread over the past months so "newest" has an order and orders come after their course.
          createdAt: daysAgo((DEMO_COURSES.length - i) * 15),
        })),
      )
      .returning({ id: courses.id });
    const courseId = (key: string) => inserted[DEMO_COURSES.findIndex((c) => c.key === key)]!.id;

    let video = 0;
    for (const [i, course] of inserted.entries()) {
      const c = DEMO_COURSES[i]!;
      const secs = await tx
        .insert(sections)
        .values(c.outline.map(([title], position) => ({ courseId: course.id, title, position, ...(position === c.outline.length - 1 ? DEMO_RELEASES[c.key] : {}) })))
        .returning({ id: sections.id });
      let n = 0;
      await tx.insert(lectures).values(
        c.outline.flatMap(([, titles], s) =>
          titles.map((title, position) => ({
            courseId: course.id,
            sectionId: secs[s]!.id,
            title,
            position,
            video: videoKeys[video++]!,
            durationSeconds: demoLectureSeconds(i, n++),
            isFreePreview: s === 0 && position === 0,
          })),
        ),
      );
      if (c.key === 'naskh') {
        const first = c.outline[0]![1].length;
        const [, pdfLecture] = await tx
          .insert(lectures)
          .values([
            { courseId: course.id, sectionId: secs[0]!.id, title: 'أدوات الخطاط: مقال', position: first, type: 'article' as const, articleHtml: sanitizeRichText(NASKH_ARTICLE), durationSeconds: 300 },
            { courseId: course.id, sectionId: secs[0]!.id, title: 'مبادئ خط النسخ (PDF)', position: first + 1, type: 'pdf' as const, pdf: pdfKey, pdfDownloadable: true, durationSeconds: 600 },
          ])
          .returning({ id: lectures.id });
        await tx.insert(lectureResources).values({ lectureId: pdfLecture!.id, storageKey: resourceKey, originalName: 'ملاحظات التمرين.txt', contentType: 'text/plain', size: Buffer.byteLength(DEMO_RESOURCE_TEXT) });
      }
      if (c.tags?.length) {
        await tx.insert(tags).values(c.tags.map((name) => ({ name }))).onConflictDoNothing();
        const found = await tx.select({ id: tags.id }).from(tags).where(inArray(sql`lower(${tags.name})`, c.tags.map((t) => t.toLowerCase())));
        await tx.insert(courseTags).values(found.map((t) => ({ courseId: course.id, tagId: t.id }))).onConflictDoNothing();
      }
    }

    // participant2 and participant3 have studied some courses and rated them; participant@ starts fresh.
    // Free courses are paid at once at 0; paid ones by bank transfer, confirmed by the admin (as orders.service does).
    // [participant, course, rating, review, days ago]
    const studies: [number, string, number, string, number][] = [
      [1, 'python', 5, 'دورة رائعة ومبسطة، أنصح بها للمبتدئين.', 9],
      [2, 'python', 4, 'Clear and well paced.', 7],
      [1, 'ui-design', 5, 'شرح ممتاز للألوان والخطوط.', 6],
      [2, 'small-business', 4, 'Practical advice, thank you.', 5],
      [1, 'astronomy', 5, 'Fascinating introduction.', 4],
      [2, 'time-management', 3, 'مفيدة لكن أتمنى أمثلة أكثر.', 3],
      [1, 'typescript', 5, 'Exactly the depth I needed for work.', 50],
      [2, 'naskh', 5, 'الأستاذ خالد يشرح كل حرف بصبر، استفدت كثيرًا.', 20],
      [2, 'data-analysis', 4, 'أمثلة عملية على بيانات حقيقية، طبّقتها في عملي مباشرة.', 12],
    ];
    const paidOrders: { id: number; days: number }[] = [];
    for (const [n, [p, key, rating, message, days]] of studies.entries()) {
      const c = DEMO_COURSES.find((d) => d.key === key)!;
      const participantId = participants[p]!;
      const paid = c.price > 0;
      const at = daysAgo(days);
      const [o] = await tx
        .insert(orders)
        .values({ participantId, courseId: courseId(key), amountMinor: c.price * 100, currency: 'SAR', provider: paid ? 'bank_transfer' : 'free', status: 'paid', reference: `NB-DEMO${p}${n}`, createdAt: at, paidAt: at, confirmedBy: paid ? admin : null })
        .returning({ id: orders.id });
      await tx.insert(enrollments).values({ participantId, courseId: courseId(key), orderId: o!.id, createdAt: at });
      await tx.insert(ratings).values({ participantId, courseId: courseId(key), rating, message, createdAt: at });
      if (paid) paidOrders.push({ id: o!.id, days });
    }
    // Their tax invoices (docs/payments.md, "Invoices"), numbered in the order they were paid, oldest first.
    for (const { id } of paidOrders.sort((a, b) => b.days - a.days)) await issueInvoice(tx, id, invoices);
    // A bank transfer still waiting for the admin to confirm it (/admin/orders).
    await tx.insert(orders).values({ participantId: participants[1]!, courseId: courseId('arabic-beginners'), amountMinor: 1900, currency: 'SAR', provider: 'bank_transfer', status: 'pending', reference: 'NB-DEMOWAIT', createdAt: daysAgo(1) });
    // participant2 (enrolled above) has a short answer waiting for instructor@ to check.
    await seedDemoQuizzes(tx, { pythonCourse: courseId('python'), businessCourse: courseId('small-business'), submitter: participants[1]! });
    // ... and a written assignment waiting for a grade in the same queue (docs/assignments.md).
    await seedDemoAssignments(tx, { pythonCourse: courseId('python'), submitter: participants[1]! });
    // participant2's private notes on the Python course (docs/notes.md): two at moments of the first lecture (its clip
    // lasts a few seconds), one on the second lecture as a whole.
    const [first, second] = await tx
      .select({ id: lectures.id })
      .from(lectures)
      .innerJoin(sections, eq(sections.id, lectures.sectionId))
      .where(eq(lectures.courseId, courseId('python')))
      .orderBy(asc(sections.position), asc(lectures.position))
      .limit(2);
    const noteAt = (lectureId: number, positionSeconds: number | null, body: string, days: number) => ({ participantId: participants[1]!, courseId: courseId('python'), lectureId, positionSeconds, body, createdAt: daysAgo(days), updatedAt: daysAgo(days) });
    await tx.insert(lectureNotes).values([
      noteAt(first!.id, 2, 'بايثون تقرأ السطور من الأعلى إلى الأسفل: الترتيب مهم.', 8),
      noteAt(first!.id, 5, 'Try print() with two values: they come out separated by a space.', 8),
      noteAt(second!.id, null, 'راجع هذه المحاضرة قبل الاختبار.\nأعد حل التمرين الثاني.', 7),
    ]);
    // Questions on the Python and TypeScript courses' first lectures, one accepted, some waiting for their instructors.
    await seedDemoQuestions(tx, { pythonCourse: courseId('python'), typescriptCourse: courseId('typescript'), asker: participants[1]!, other: participants[2]! });
    // The enrolment counters folded at once (migration 0013): the popular sorts read them from the first request.
    await foldEnrolmentCounts(tx);
  });
  // Demo courses are found by words like any other course.
  await refreshAllCourseSearchText(db);
}
