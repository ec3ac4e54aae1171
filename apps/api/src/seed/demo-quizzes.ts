import { randomUUID } from 'node:crypto';
import type { QuestionType } from '@nibras/contract';
import type { Db } from '../db/client';
import { assessmentDraws, assessmentQuestions, assessments, questionOptions, questionTopics, quizAnswers, quizAttempts } from '../db/schema';

interface DemoQuestion {
  type: QuestionType;
  text: string;
  points: number;
  /** [text, is correct]; matching: the prompts; ordering: the items in their right order; fill_blanks: each blank's accepted answers, one a line */
  options?: [string, boolean][];
  /** matching: each prompt's match */
  matches?: string[];
  accepted?: string[];
  /** numeric: [answer, tolerance] */
  numeric?: [number, number];
}
interface DemoAssessment {
  title: string;
  passMark: number;
  timeLimitMinutes: number | null;
  maxAttempts: number | null;
  questions: DemoQuestion[];
}

const PYTHON_QUIZ: DemoAssessment = {
  title: 'اختبار الوحدة الأولى',
  passMark: 60,
  timeLimitMinutes: 15,
  maxAttempts: 3,
  questions: [
    { type: 'single', text: 'ما الدالة التي تطبع نصًا على الشاشة في بايثون؟', points: 2, options: [['print()', true], ['input()', false], ['len()', false]] },
    { type: 'true_false', text: 'المتغيرات في بايثون تحتاج إلى تعريف نوعها قبل استخدامها.', points: 1, options: [['صح', false], ['خطأ', true]] },
    { type: 'multiple', text: 'أيّ مما يلي أنواع بيانات في بايثون؟', points: 2, options: [['int', true], ['str', true], ['char', false]] },
    { type: 'short', text: 'اشرح بجملة واحدة الفرق بين القائمة (list) والصف (tuple).', points: 3 },
  ],
};

const BUSINESS_QUIZ: DemoAssessment = {
  title: 'Check your business basics',
  passMark: 50,
  timeLimitMinutes: null,
  maxAttempts: null,
  questions: [
    { type: 'single', text: 'What should you test before building a product?', points: 2, options: [['Demand from real customers', true], ['The logo', false], ['The office location', false]] },
    { type: 'true_false', text: 'Cash flow and profit are the same thing.', points: 1, options: [['True', false], ['False', true]] },
    { type: 'short', text: 'Name the document that describes how a business will make money.', points: 2, accepted: ['business plan', 'a business plan', 'business model'] },
    {
      type: 'matching',
      text: 'Match each term with its meaning.',
      points: 2,
      options: [['Revenue', false], ['Margin', false], ['Break-even', false]],
      matches: ['Money coming in from sales', 'What is left of a sale after its costs', 'The point where income covers all costs'],
    },
    { type: 'ordering', text: 'Put the steps of launching a product in order.', points: 2, options: [['Find a problem', false], ['Talk to customers', false], ['Build a first version', false], ['Sell it', false]] },
    { type: 'fill_blanks', text: 'Profit is ___ minus ___.', points: 2, options: [['revenue\nincome\nsales', false], ['costs\nexpenses', false]] },
    { type: 'numeric', text: 'You sell 40 mugs at 25 SAR each. What is the revenue, in SAR?', points: 1, numeric: [1000, 0] },
  ],
};

async function insertQuestions(tx: Db, parent: { assessmentId: number } | { topicId: number }, specs: DemoQuestion[]) {
  const questions = [];
  for (const [position, q] of specs.entries()) {
    const [question] = await tx
      .insert(assessmentQuestions)
      .values({
        ...parent,
        type: q.type,
        text: q.text,
        points: q.points,
        position,
        acceptedAnswers: q.accepted ?? [],
        numericAnswer: q.numeric?.[0] ?? null,
        numericTolerance: q.numeric?.[1] ?? 0,
      })
      .returning();
    const options = q.options?.length
      ? await tx
          .insert(questionOptions)
          .values(q.options.map(([text, isCorrect], i) => ({ questionId: question!.id, text, isCorrect, matchText: q.matches?.[i] ?? null, position: i })))
          .returning()
      : [];
    questions.push({ ...question!, options });
  }
  return questions;
}

async function insertAssessment(tx: Db, courseId: number, spec: DemoAssessment) {
  const [assessment] = await tx
    .insert(assessments)
    .values({ courseId, title: spec.title, passMark: spec.passMark, timeLimitMinutes: spec.timeLimitMinutes, maxAttempts: spec.maxAttempts })
    .returning();
  return { assessment: assessment!, questions: await insertQuestions(tx, { assessmentId: assessment!.id }, spec.questions) };
}

/** The business course's question bank: a topic the business quiz draws two questions from for each attempt. */
const BUSINESS_BANK = {
  title: 'Business vocabulary',
  draw: { count: 2, points: 1 },
  questions: [
    { type: 'single', text: 'What is a customer segment?', points: 1, options: [['A group of customers with shared needs', true], ['A part of the office', false], ['A discount', false]] },
    { type: 'single', text: 'What does "overhead" mean?', points: 1, options: [['Costs that do not change with each sale', true], ['The roof of the shop', false], ['Profit after tax', false]] },
    { type: 'true_false', text: 'A prototype is the final product sold to every customer.', points: 1, options: [['True', false], ['False', true]] },
    { type: 'numeric', text: 'A product costs 60 SAR to make and sells for 100 SAR. What is the margin, in percent?', points: 1, numeric: [40, 0] },
  ] satisfies DemoQuestion[],
};

/**
 * Demo assessments: an Arabic, timed one with a short answer to check on the Python course, and an
 * English one graded at once on the business course, with a question of every other type (matching, ordering, fill
 * in the blanks, numeric) and two more drawn at random from the course's question bank. participant2 has submitted the Arabic one, so
 * instructor@ finds a short answer waiting in the assessment summary.
 */
export async function seedDemoQuizzes(tx: Db, ids: { pythonCourse: number; businessCourse: number; submitter: number }): Promise<void> {
  const python = await insertAssessment(tx, ids.pythonCourse, PYTHON_QUIZ);
  const business = await insertAssessment(tx, ids.businessCourse, BUSINESS_QUIZ);
  const [topic] = await tx.insert(questionTopics).values({ courseId: ids.businessCourse, title: BUSINESS_BANK.title }).returning();
  await insertQuestions(tx, { topicId: topic!.id }, BUSINESS_BANK.questions);
  await tx.insert(assessmentDraws).values({ assessmentId: business.assessment.id, topicId: topic!.id, ...BUSINESS_BANK.draw });

  const [single, trueFalse, multiple, short] = python.questions;
  const right = (q: typeof single) => q!.options.filter((o) => o.isCorrect).map((o) => o.id);
  const answers = [
    { question: single!, optionIds: right(single), text: null, correct: true },
    { question: trueFalse!, optionIds: right(trueFalse), text: null, correct: true },
    { question: multiple!, optionIds: [multiple!.options[0]!.id], text: null, correct: false },
    { question: short!, optionIds: [], text: 'القائمة يمكن تعديلها بعد إنشائها، أما الصف فلا يمكن تعديله.', correct: null },
  ];
  const score = answers.reduce((sum, a) => sum + (a.correct ? a.question.points : 0), 0);
  const maxScore = python.questions.reduce((sum, q) => sum + q.points, 0);
  const submittedAt = new Date(Date.now() - 2 * 3_600_000);
  const [attempt] = await tx
    .insert(quizAttempts)
    .values({
      assessmentId: python.assessment.id,
      courseId: ids.pythonCourse,
      participantId: ids.submitter,
      number: 1,
      status: 'pending',
      passMark: PYTHON_QUIZ.passMark,
      timeLimitMinutes: PYTHON_QUIZ.timeLimitMinutes,
      startedAt: new Date(submittedAt.getTime() - 6 * 60_000),
      submittedAt,
      idempotencyKey: randomUUID(),
      score,
      maxScore,
    })
    .returning();
  await tx.insert(quizAnswers).values(
    answers.map((a) => ({
      attemptId: attempt!.id,
      questionId: a.question.id,
      optionIds: a.optionIds,
      text: a.text,
      correct: a.correct,
      points: a.question.points,
      pointsAwarded: a.correct === null ? null : a.correct ? a.question.points : 0,
    })),
  );
}
