// What other features and the layouts may import from the questions area.
export { LectureQuestions } from './components/lecture-questions';
