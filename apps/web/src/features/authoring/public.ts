// What other features may use of the authoring feature.
import { queryOptions } from '@tanstack/react-query';
import { authoringQueries, type AuthoringRole } from './api';

/**
 * A course's title and its sections in the outline's order (an assignment is set in one of them): read from the whole
 * course the course's screen shows, so coming from there costs no call.
 */
export const courseOutlineQuery = (role: AuthoringRole, courseId: number) =>
  queryOptions({
    ...authoringQueries.course(role, courseId),
    select: (course) => ({ title: course.step1.title, sections: course.step4.sections.map((section) => ({ id: section.id, title: section.title })) }),
  });
