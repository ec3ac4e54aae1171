import { Navigate, type RouteObject } from 'react-router';
import type { Role } from '@nibras/contract';
import { lazyScreen } from '../components/lazy-screen';
import { paths, patterns } from '../config/paths';
import { handle, page } from './route-handles';

// The signed-in areas' screens (docs/decisions/017, addendum of issue 30, point 3): a module of its own, which
// routes.tsx loads when an address of a role area is first opened, so the public pages' entry carries neither these
// routes nor the map of their lazy screens' files.
const RoleShell = lazyScreen(() => import('../layouts/role-shell'));
const AdminDashboardPage = lazyScreen(() => import('../features/dashboard/pages/admin-dashboard-page'));
const MyProfilePage = lazyScreen(() => import('../features/accounts/pages/my-profile-page'));
const ParticipantDashboardPage = lazyScreen(() => import('../features/learning/pages/participant-dashboard-page'));
const LearnPage = lazyScreen(() => import('../features/learning/pages/learn-page'));
const MyCoursesPage = lazyScreen(() => import('../features/learning/pages/my-courses-page'));
const WishlistPage = lazyScreen(() => import('../features/wishlist/pages/wishlist-page'));
const OrdersPage = lazyScreen(() => import('../features/orders/pages/orders-page'));
const AdminOrdersPage = lazyScreen(() => import('../features/orders/pages/admin-orders-page'));
const AdminInvoicesPage = lazyScreen(() => import('../features/invoices/pages/admin-invoices-page'));
const InstructorOrdersPage = lazyScreen(() => import('../features/orders/pages/instructor-orders-page'));
const AdminCouponsPage = lazyScreen(() => import('../features/coupons/pages/admin-coupons-page'));
const InstructorCouponsPage = lazyScreen(() => import('../features/coupons/pages/instructor-coupons-page'));
const ReviewModerationPage = lazyScreen(() => import('../features/ratings/pages/review-moderation-page'));
const QuestionsPage = lazyScreen(() => import('../features/questions/pages/questions-page'));
const CategoryListPage = lazyScreen(() => import('../features/categories/pages/category-list-page'));
const CategoryFormPage = lazyScreen(() => import('../features/categories/pages/category-form-page'));
const MemberListPage = lazyScreen(() => import('../features/members/pages/member-list-page'));
const MemberFormPage = lazyScreen(() => import('../features/members/pages/member-form-page'));
const EnrolmentsPage = lazyScreen(() => import('../features/enrolments/pages/enrolments-page'));
const SubscribersPage = lazyScreen(() => import('../features/outreach/pages/subscribers-page'));
const ContactMessagesPage = lazyScreen(() => import('../features/outreach/pages/contact-messages-page'));
const AdminCmsHomePage = lazyScreen(() => import('../features/cms/pages/admin-home-page'));
const AdminCmsContactPage = lazyScreen(() => import('../features/cms/pages/admin-contact-page'));
const AdminCmsAboutPage = lazyScreen(() => import('../features/cms/pages/admin-about-page'));
const AdminCmsPrivacyPage = lazyScreen(() => import('../features/cms/pages/admin-privacy-page'));
const CourseListPage = lazyScreen(() => import('../features/authoring/pages/course-list-page'));
const CourseViewPage = lazyScreen(() => import('../features/authoring/pages/course-view-page'));
const CourseEditorPage = lazyScreen(() => import('../features/authoring/editor/course-editor-page'));
const MyAssessmentsPage = lazyScreen(() => import('../features/quiz/pages/my-assessments-page'));
const AssessmentPage = lazyScreen(() => import('../features/quiz/pages/assessment-page'));
const SubmissionListPage = lazyScreen(() => import('../features/quiz/pages/submission-list-page'));
const SubmissionReviewPage = lazyScreen(() => import('../features/quiz/pages/submission-review-page'));
const GradebookPage = lazyScreen(() => import('../features/gradebook/pages/gradebook-page'));
// The reports' two screens come in one file, and loading either readies the other: going between them never shows
// the loading screen (its 300 ms without a heading).
const ReportsPage = lazyScreen(async () => {
  const screens = await import('../features/reports/pages/reports-page');
  void DropoffPage.preload();
  return screens;
});
const DropoffPage = lazyScreen(async () => {
  const screens = await import('../features/reports/pages/reports-page');
  await ReportsPage.preload();
  return { default: screens.DropoffPage };
});
const MessagesPage = lazyScreen(() => import('../features/messages/pages/messages-page'));
const AdminUserMessagesPage = lazyScreen(() => import('../features/messages/pages/admin-user-messages-page'));
const InstructorDashboardPage = lazyScreen(() => import('../features/authoring/pages/instructor-dashboard-page'));
const RecordPage = lazyScreen(() => import('../features/records/pages/record-page'));
const NotFoundPage = lazyScreen(() => import('../components/not-found-page'));
const CourseAssignmentsPage = lazyScreen(() => import('../features/assignments/pages/course-assignments-page'));
const AssignmentSubmissionsPage = lazyScreen(() => import('../features/assignments/pages/assignment-submissions-page'));
const GradingPage = lazyScreen(() => import('../features/assignments/pages/grading-page'));
const GradingQueuePage = lazyScreen(() => import('../features/assignments/pages/grading-queue-page'));
const MyCourseAssignmentsPage = lazyScreen(() => import('../features/assignments/pages/my-course-assignments-page'));
const MyAssignmentPage = lazyScreen(() => import('../features/assignments/pages/my-assignment-page'));

function roleArea(role: Role): RouteObject {
  const children: RouteObject[] = [
    { index: true, element: <Navigate to={paths.dashboard(role)} replace /> },
    role === 'participant'
      ? page('dashboard', <ParticipantDashboardPage />, ParticipantDashboardPage)
      : role === 'instructor'
        ? page('dashboard', <InstructorDashboardPage />, InstructorDashboardPage)
        : page('dashboard', <AdminDashboardPage />, AdminDashboardPage),
    page('*', <NotFoundPage home={paths.dashboard(role)} />, NotFoundPage),
  ];
  children.push(page('my-profile', <MyProfilePage role={role} />, MyProfilePage));
  children.push(page(paths.messages(role), <MessagesPage role={role} key={`messages-${role}`} />, MessagesPage));
  if (role === 'admin') {
    children.push(
      page(paths.adminUserMessages(), <AdminUserMessagesPage key="messages-user" />, AdminUserMessagesPage),
      page(`${paths.adminUserMessages()}/:userId`, <AdminUserMessagesPage key="messages-user-id" />, AdminUserMessagesPage),
    );
  }
  if (role === 'participant') {
    children.push(
      page(patterns.learn, <LearnPage />, LearnPage),
      page(paths.myCourses, <MyCoursesPage />, MyCoursesPage),
      page(paths.wishlist, <WishlistPage />, WishlistPage),
      page(paths.orders, <OrdersPage />, OrdersPage),
      page(paths.myAssessments, <MyAssessmentsPage />, MyAssessmentsPage),
      page(`${paths.myAssessments}/:id`, <AssessmentPage />, AssessmentPage),
      page('record/:courseId', <RecordPage role="participant" key="record-participant" />, RecordPage),
      page('course/:id/assignments', <MyCourseAssignmentsPage />, MyCourseAssignmentsPage),
      page('assignment/:id', <MyAssignmentPage />, MyAssignmentPage),
    );
  }
  if (role === 'admin') {
    children.push(
      page(paths.adminOrders, <AdminOrdersPage />, AdminOrdersPage),
      page(paths.adminInvoices, <AdminInvoicesPage />, AdminInvoicesPage),
      page(paths.coupons('admin'), <AdminCouponsPage />, AdminCouponsPage),
      page(paths.adminCategories, <CategoryListPage />, CategoryListPage),
      page(paths.newCategory, <CategoryFormPage />, CategoryFormPage),
      page(`${paths.adminCategories}/:id/edit`, <CategoryFormPage />, CategoryFormPage),
      page(paths.adminCms('home'), <AdminCmsHomePage />, AdminCmsHomePage),
      page(paths.adminCms('contact'), <AdminCmsContactPage />, AdminCmsContactPage),
      page(paths.adminCms('about'), <AdminCmsAboutPage />, AdminCmsAboutPage),
      page(paths.adminCms('privacy'), <AdminCmsPrivacyPage />, AdminCmsPrivacyPage),
    );
    for (const memberRole of ['instructor', 'participant'] as const) {
      children.push(
        page(paths.members(memberRole), <MemberListPage role={memberRole} key={memberRole} />, MemberListPage),
        page(paths.newMember(memberRole), <MemberFormPage role={memberRole} key={`${memberRole}-new`} />, MemberFormPage),
        page(`${paths.members(memberRole)}/edit/:id`, <MemberFormPage role={memberRole} key={`${memberRole}-edit`} />, MemberFormPage),
      );
    }
    children.push(page(paths.adminEnrolments, <EnrolmentsPage />, EnrolmentsPage));
    children.push(page(paths.adminReports, <ReportsPage />, ReportsPage), page(`${paths.adminReports}/courses/:courseId`, <DropoffPage />, DropoffPage));
    children.push(page(paths.adminSubscribers, <SubscribersPage />, SubscribersPage), page(paths.adminContactMessages, <ContactMessagesPage />, ContactMessagesPage));
  }
  if (role === 'instructor') {
    children.push(page(paths.instructorOrders, <InstructorOrdersPage />, InstructorOrdersPage), page(paths.coupons('instructor'), <InstructorCouponsPage />, InstructorCouponsPage));
  }
  if (role === 'admin' || role === 'instructor') {
    children.push(page(paths.reviews(role), <ReviewModerationPage role={role} key={`reviews-${role}`} />, ReviewModerationPage));
    children.push(page('gradebook/:courseId', <GradebookPage role={role} key={`gradebook-${role}`} />, GradebookPage));
    children.push(
      page('courses', <CourseListPage role={role} />, CourseListPage),
      page('courses/new', <CourseEditorPage role={role} />, CourseEditorPage),
      page('courses/:id/edit/:step', <CourseEditorPage role={role} />, CourseEditorPage),
      page('courses/:id', <CourseViewPage role={role} />, CourseViewPage),
      page(paths.submissions(role), <SubmissionListPage role={role} />, SubmissionListPage),
      page(`${paths.submissions(role)}/:courseId/:submissionId`, <SubmissionReviewPage role={role} />, SubmissionReviewPage),
      page('record/:courseId/:participantId', <RecordPage role={role} key={`record-${role}`} />, RecordPage),
    );
    children.push(page(paths.questions(role), <QuestionsPage role={role} key={`questions-${role}`} />, QuestionsPage));
    children.push(
      page('courses/:id/assignments', <CourseAssignmentsPage role={role} key={`assignments-${role}`} />, CourseAssignmentsPage),
      page('courses/:courseId/assignments/:id', <AssignmentSubmissionsPage role={role} key={`hand-ins-${role}`} />, AssignmentSubmissionsPage),
      page('grading', <GradingQueuePage role={role} key={`queue-${role}`} />, GradingQueuePage),
      page('grading/:id', <GradingPage role={role} key={`grading-${role}`} />, GradingPage),
    );
  }
  return { path: paths.area(role), element: <RoleShell role={role} />, handle: handle(RoleShell.preload), children };
}

/** The admin's, the instructor's and the participant's areas, each in its role shell. */
export const roleRoutes: RouteObject[] = [roleArea('admin'), roleArea('instructor'), roleArea('participant')];
