import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { assignmentSubmissions, assignments, sections } from '../db/schema';

const DAY = 86_400_000;

/**
 * Demo assignments (docs/assignments.md) in the Python course's first section: a written one with a rubric, which
 * participant2 has handed in (instructor@ finds it in the grading queue beside the short answer to check), and a file
 * one (PDF or Word, at most 5 MB) nobody has handed in yet.
 */
export async function seedDemoAssignments(tx: Db, ids: { pythonCourse: number; submitter: number }): Promise<void> {
  const [section] = await tx.select({ id: sections.id }).from(sections).where(eq(sections.courseId, ids.pythonCourse)).orderBy(asc(sections.position), asc(sections.id)).limit(1);
  if (!section) return;
  const now = Date.now();
  const [written] = await tx
    .insert(assignments)
    .values({
      courseId: ids.pythonCourse,
      sectionId: section.id,
      title: 'القوائم والصفوف بكلماتك',
      instructions: '<p>اشرح في فقرتين الفرق بين <strong>القائمة</strong> و<strong>الصف</strong> في بايثون، مع مثال لكل منهما.</p>',
      dueAt: new Date(now + 5 * DAY),
      kind: 'text',
      points: 10,
      passMark: 60,
      rubric: [
        { title: 'صحة الشرح', points: 6 },
        { title: 'وضوح الأمثلة', points: 4 },
      ],
      position: 0,
    })
    .returning({ id: assignments.id });
  await tx.insert(assignments).values({
    courseId: ids.pythonCourse,
    sectionId: section.id,
    title: 'برنامجك الأول',
    instructions: '<p>اكتب برنامجًا يطبع جدول الضرب من 1 إلى 10، وسلّم ملفًا يشرح خطواته مع لقطة من نتيجته.</p>',
    dueAt: new Date(now + 10 * DAY),
    kind: 'file',
    fileTypes: ['pdf', 'docx'],
    maxSizeMb: 5,
    points: 20,
    passMark: 50,
    position: 1,
  });
  await tx.insert(assignmentSubmissions).values({
    assignmentId: written!.id,
    courseId: ids.pythonCourse,
    participantId: ids.submitter,
    text: 'القائمة تتغير بعد إنشائها: نضيف إليها ونحذف منها، مثل [1, 2, 3].\nأما الصف فثابت لا يتغير بعد إنشائه، مثل (1, 2, 3)، ولذلك يصلح مفتاحًا في القاموس.',
    submittedAt: new Date(now - 3_600_000),
  });
}
