import type { LatestCourse, RecentPerson } from '@nibras/contract';
import type { LatestCourseRow, RecentPersonRow } from './dashboard.queries';

export function presentPerson(r: RecentPersonRow): RecentPerson {
  return { id: r.id, name: r.name, email: r.email, created_at: r.createdAt.toISOString() };
}

export function presentLatestCourse(r: LatestCourseRow): LatestCourse {
  return {
    id: r.id,
    title: r.title,
    instructor: { id: r.instructorId, name: r.instructorName },
    approve_status: r.approveStatus,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    submitted_at: r.submittedAt ? r.submittedAt.toISOString() : null,
  };
}
