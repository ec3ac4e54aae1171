// What other features may use of the quiz feature.
export { CourseAssessments } from './components/course-assessments';
export { UncheckedAlert } from './components/unchecked-alert';
// A learner's record shows each attempt as the participant's results do.
export { SubmissionCard } from './components/submission-card';
export { StandingBadge } from './components/quiz-badges';
// The reviewer's courses to filter by (the grading queue's course filter too).
export { quizQueries } from './api';
