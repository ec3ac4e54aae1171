// What other features may use of the quiz feature.
export { CourseAssessments } from './components/course-assessments';
export { UncheckedAlert } from './components/unchecked-alert';
