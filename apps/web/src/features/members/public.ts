// What other features may use of the members feature: the admin's instructor picker (course editor step 1).
export { InstructorPicker } from './components/instructor-picker';
