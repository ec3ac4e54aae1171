import { describe, expect, it } from 'vitest';
import { apiSuite, createUser, loginAs } from '../../../test/harness';
import { addLectures, createCourse, rewindCreditClock } from '../../../test/factories';
import { pdfActualTexts, pdfText } from '../../../test/pdf-text';
import { translate } from '../../lib/i18n';

const suite = apiSuite({ ownDataDir: 'nibras-certificates-' });

const LABELS = ['app.name', ...['title', 'presented_to', 'for_completing', 'instructor', 'issued_on', 'code', 'verify_at'].map((k) => `certificate.pdf.${k}`)];

/** A participant who watched every lecture of a free course, through the API, and the code they earned. */
async function earnCertificate(opts: { language: 'ar' | 'en'; courseTitle: string; participantName: string; instructorName: string }) {
  const instructor = await createUser('instructor', { name: opts.instructorName });
  const course = await createCourse({ price: 0, language: opts.language, title: opts.courseTitle, instructorId: instructor.id });
  // Each lecture is watched in full: the participant's credit clock is moved back before each report.
  const { lectures } = await addLectures(course.id, 2, { durationSeconds: 10 });
  const participant = await createUser('participant', { name: opts.participantName });
  const auth = { authorization: `Bearer ${(await loginAs(suite.app, 'participant', participant.email)).token}` };
  expect((await suite.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: auth, payload: { course_id: course.id } })).statusCode).toBe(200);
  let certificate: { code: string } | null = null;
  for (const lecture of lectures) {
    await rewindCreditClock(participant.id, 30);
    const res = await suite.inject({ method: 'POST', url: '/api/participant/learn/progress', headers: auth, payload: { lecture_id: lecture.id, position_seconds: 10, played_seconds: 10 } });
    certificate = res.json().data.certificate;
  }
  expect(certificate?.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return certificate!.code;
}

const getPdf = (code: string) => suite.inject({ method: 'GET', url: `/api/public/certificate/${code}/pdf` });

describe('certificate PDF', () => {
  it('an Arabic course: a one-page A4 landscape PDF whose text reads in logical order, mixed Arabic and Latin included', async () => {
    const participantName = 'ليلى عبد الله';
    const courseTitle = 'أساسيات البرمجة بلغة Python 3';
    const instructorName = 'سامي الخطيب';
    const code = await earnCertificate({ language: 'ar', courseTitle, participantName, instructorName });

    const res = await getPdf(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nibras-certificate-${code}.pdf"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.size.map(Math.round)).toEqual([0, 0, 842, 595]);
    const items = pages[0]!.items;
    expect(items).toContain(participantName);
    expect(items).toContain(courseTitle);
    expect(items).toContain(instructorName);
    expect(items).toContain(code);
    for (const key of LABELS) expect(items).toContain(translate('ar', key));
    const issuedAt = new Date((await suite.inject({ method: 'GET', url: `/api/public/certificate/${code}` })).json().data.issuedAt);
    expect(items.join('\n')).toContain(new Intl.DateTimeFormat('ar', { month: 'long', timeZone: 'UTC' }).format(issuedAt));
  });

  it('marks every right-to-left line with its logical text as ActualText, for copy and paste', async () => {
    const participantName = 'ليلى عبد الله';
    const courseTitle = 'مقدمة في Node.js 24 للمبتدئين';
    const code = await earnCertificate({ language: 'ar', courseTitle, participantName, instructorName: 'سامي الخطيب' });
    const actual = pdfActualTexts((await getPdf(code)).rawPayload);
    expect(actual).toContain(participantName);
    expect(actual).toContain(courseTitle);
    expect(actual).toContain(translate('ar', 'certificate.pdf.title'));
    // The code runs left to right only: drawn in reading order, it needs no ActualText.
    expect(actual).not.toContain(code);
  });

  it('an English course: English labels, no Arabic ones, and an Arabic name still in reading order', async () => {
    const participantName = 'ليلى عبد الله';
    const code = await earnCertificate({ language: 'en', courseTitle: 'Web Development with React 19', participantName, instructorName: 'Sami Khatib' });
    const res = await getPdf(code);
    expect(res.statusCode).toBe(200);
    const items = (await pdfText(res.rawPayload))[0]!.items;
    for (const key of LABELS) {
      expect(items).toContain(translate('en', key));
      expect(items.join('\n')).not.toContain(translate('ar', key));
    }
    expect(items).toEqual(expect.arrayContaining([participantName, 'Web Development with React 19', 'Sami Khatib', code]));
  });

  it('answers an unknown code with 404 in the error envelope', async () => {
    const res = await suite.inject({ method: 'GET', url: '/api/public/certificate/NOPE-NOPE-NOPE/pdf', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, message: translate('en', 'api.certificate.not_found') });
  });
});
