import { randomBytes } from 'node:crypto';
import { mailLinks } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { renderCertificatePdf } from '../../lib/certificate-pdf';
import type { AppContext } from '../../context';
import { notifyUser, siteLink } from '../mail/mail.service';
import { certificateLink, presentCertificateView } from './certificates.presenter';
import { completeEnrolment, completionFacts, findCertificateByCode, findCertificateCode } from './certificates.queries';

/** About 60 bits in four groups of four, without letters that read alike (0/O, 1/I). */
function newCertificateCode() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('').replace(/(.{4})(?!$)/g, '$1-');
}

export async function findCertificate(ctx: AppContext, participantId: number, courseId: number) {
  const code = await findCertificateCode(ctx.db, participantId, courseId);
  return code ? certificateLink(code) : null;
}

/**
 * The one rule, called after a lecture is watched and after an assessment is passed (the last
 * lectures may have been watched long before): every lecture complete and every assessment passed
 * completes the enrolment and issues the certificate, once. Returns the certificate, if any.
 */
export async function issueCertificateIfEarned(ctx: AppContext, participantId: number, courseId: number) {
  const facts = await completionFacts(ctx.db, participantId, courseId);
  if (facts.code) return certificateLink(facts.code);
  const earned = facts.lectures > 0 && facts.completed >= facts.lectures && facts.unpassed === 0;
  if (!earned) return null;
  const issued = await completeEnrolment(ctx.db, participantId, courseId, newCertificateCode());
  // Two reports at once may both issue: the unique index keeps the first, and both answer with it.
  const certificate = await findCertificate(ctx, participantId, courseId);
  // Only the call that issued it mails the participant, once.
  if (issued && certificate) {
    const course = await findCertificateByCode(ctx.db, certificate.code);
    await notifyUser(ctx, participantId, (to) => ({
      kind: 'certificate_earned',
      params: { name: to.name, course: course?.courseTitle ?? '', link: siteLink(ctx, mailLinks.certificate(certificate.code)) },
    }));
  }
  return certificate;
}

async function certificateOr404(ctx: AppContext, code: string) {
  const row = await findCertificateByCode(ctx.db, code.trim().toUpperCase());
  if (!row) throw new AppError('api.certificate.not_found', 404);
  return row;
}

export async function verifyCertificate(ctx: AppContext, code: string) {
  return presentCertificateView(await certificateOr404(ctx, code));
}

/** The certificate as a PDF in the course's language, with the address that verifies it. */
export async function certificatePdf(ctx: AppContext, code: string) {
  const certificate = await certificateOr404(ctx, code);
  const pdf = await renderCertificatePdf({
    code: certificate.code,
    participantName: certificate.participantName,
    courseTitle: certificate.courseTitle,
    instructorName: certificate.instructorName,
    issuedAt: certificate.issuedAt,
    language: certificate.courseLanguage,
    verifyUrl: `${ctx.config.publicUrl.replace(/\/+$/, '')}/certificate/${certificate.code}`,
  });
  return { code: certificate.code, pdf };
}
