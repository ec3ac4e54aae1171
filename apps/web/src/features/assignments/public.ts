// What other features may use of the assignments feature: a learner's record shows each assignment as its screen does.
export { AssignmentStandingBadge } from './components/assignment-badges';
export { GradeResult, HandInFacts } from './components/hand-in';
