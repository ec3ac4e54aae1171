import type { BulkLineReport, BulkReport } from '@nibras/contract';

/** A report as the service builds it, batch by batch. */
export interface Report {
  dryRun: boolean;
  course: { id: number; title: string } | null;
  lines: number;
  created: number;
  enrolled: number;
  existing: number;
  problems: BulkLineReport[];
}

export function presentReport(report: Report): BulkReport {
  return {
    dryRun: report.dryRun,
    course: report.course && { id: report.course.id, title: report.course.title },
    lines: report.lines,
    created: report.created,
    enrolled: report.enrolled,
    existing: report.existing,
    problems: report.problems,
  };
}

/** The enrolled participant: name and email only (the admin typed the email). */
export function presentEnrolOne(course: { id: number; title: string }, participant: { id: number; name: string; email: string }, created: boolean) {
  return { course: { id: course.id, title: course.title }, participant: { id: participant.id, name: participant.name, email: participant.email }, created };
}
