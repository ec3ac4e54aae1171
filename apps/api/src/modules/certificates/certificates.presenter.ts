import type { z } from 'zod';
import type { certificateView } from '@nibras/contract';
import type { CertificateRow } from './certificates.queries';

/** Only these functions decide what a certificate shows, and where its page is. */

export function certificateLink(code: string) {
  return { code, url: `/certificate/${code}` };
}

/** What the public verification shows: the names on the certificate, never an account's id or email. */
export function presentCertificateView(row: CertificateRow): z.infer<typeof certificateView> {
  return {
    code: row.code,
    participantName: row.participantName,
    courseTitle: row.courseTitle,
    courseLanguage: row.courseLanguage,
    instructorName: row.instructorName,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** A participant's certificates as their list shows them, with the link to each. */
export function presentCertificates(rows: { code: string; courseId: number; courseTitle: string; issuedAt: Date }[]) {
  return rows.map((c) => ({ ...c, url: certificateLink(c.code).url, issuedAt: c.issuedAt.toISOString() }));
}
