import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, type Params, type RouteObject } from 'react-router';
import type { Role } from '@nibras/contract';
import { lazyScreen } from '../components/lazy-screen';
import { preloadPublicStylesheet } from '../layouts/public-stylesheet';
import { paths, patterns } from '../config/paths';
// The features' query modules, not their public files: those bring the header's and footer's
// components into the first script of every area, the admin one included.
import { catalogPreloads } from '../features/catalog/api';
import { preloadSearch } from '../features/search/api';
import { cmsPreloads } from '../features/cms/api';
import { authProvidersQuery } from '../features/accounts/api';

const PublicLayout = lazyScreen(() => import('../layouts/public-layout'));
const AdminAuthLayout = lazyScreen(() => import('../layouts/admin-auth-layout'));
const RoleShell = lazyScreen(() => import('../layouts/role-shell'));

const HomePage = lazyScreen(() => import('../features/catalog/pages/home-page'));
const SearchPage = lazyScreen(() => import('../features/search/pages/search-page'));
const CategoryPage = lazyScreen(() => import('../features/catalog/pages/category-page'));
const CourseDetailsPage = lazyScreen(() => import('../features/catalog/pages/course-details-page'));
const AboutPage = lazyScreen(() => import('../features/cms/pages/about-page'));
const ContactPage = lazyScreen(() => import('../features/outreach/pages/contact-page'));
const NewsletterConfirmPage = lazyScreen(() => import('../features/outreach/pages/newsletter-confirm-page'));
const NewsletterUnsubscribePage = lazyScreen(() => import('../features/outreach/pages/newsletter-unsubscribe-page'));
const PrivacyPage = lazyScreen(() => import('../features/cms/pages/privacy-page'));
const ResetPasswordPage = lazyScreen(() => import('../features/accounts/pages/reset-password-page'));
const ForgotPasswordPage = lazyScreen(() => import('../features/accounts/pages/forgot-password-page'));
const MemberAuthPage = lazyScreen(() => import('../features/accounts/pages/member-auth-page'));
const GoogleSignInPage = lazyScreen(() => import('../features/accounts/pages/google-sign-in-page'));
const AdminLoginPage = lazyScreen(() => import('../features/accounts/pages/admin-login-page'));
const AdminDashboardPage = lazyScreen(() => import('../features/dashboard/pages/admin-dashboard-page'));
const MyProfilePage = lazyScreen(() => import('../features/accounts/pages/my-profile-page'));
const NotFoundPage = lazyScreen(() => import('../components/not-found-page'));
const ParticipantDashboardPage = lazyScreen(() => import('../features/learning/pages/participant-dashboard-page'));
const LearnPage = lazyScreen(() => import('../features/learning/pages/learn-page'));
const MyCoursesPage = lazyScreen(() => import('../features/learning/pages/my-courses-page'));
const WishlistPage = lazyScreen(() => import('../features/wishlist/pages/wishlist-page'));
const OrdersPage = lazyScreen(() => import('../features/orders/pages/orders-page'));
const CertificatePage = lazyScreen(() => import('../features/certificates/pages/certificate-page'));
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
const MessagesPage = lazyScreen(() => import('../features/messages/pages/messages-page'));
const AdminUserMessagesPage = lazyScreen(() => import('../features/messages/pages/admin-user-messages-page'));
const InstructorDashboardPage = lazyScreen(() => import('../features/authoring/pages/instructor-dashboard-page'));
const RecordPage = lazyScreen(() => import('../features/records/pages/record-page'));

/** What a route's preload knows of the address it is preloading for. */
interface PreloadContext {
  params: Params;
  search: URLSearchParams;
  queryClient: QueryClient;
}
type Preload = (context: PreloadContext) => unknown;

interface RouteHandle {
  /** Starts downloading what this route renders (code, style sheet, and the data of its first paint), before React gets to it. */
  preload: (context: PreloadContext) => Promise<unknown>;
}

function handle(...preloads: Preload[]): RouteHandle {
  return { preload: (context) => Promise.allSettled(preloads.map((preload) => preload(context))) };
}

function page(path: string, element: React.ReactElement, screen: { preload: () => unknown }, data?: Preload): RouteObject {
  return { path, element, handle: data ? handle(screen.preload, data) : handle(screen.preload) };
}

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
    children.push(page(paths.adminSubscribers, <SubscribersPage />, SubscribersPage), page(paths.adminContactMessages, <ContactMessagesPage />, ContactMessagesPage));
  }
  if (role === 'instructor') {
    children.push(page(paths.instructorOrders, <InstructorOrdersPage />, InstructorOrdersPage), page(paths.coupons('instructor'), <InstructorCouponsPage />, InstructorCouponsPage));
  }
  if (role === 'admin' || role === 'instructor') {
    children.push(page(paths.reviews(role), <ReviewModerationPage role={role} key={`reviews-${role}`} />, ReviewModerationPage));
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
  }
  return { path: paths.area(role), element: <RoleShell role={role} />, handle: handle(RoleShell.preload), children };
}

/** The sign-in screens' Google button comes with them, not after them (no shift when it appears). */
const preloadProviders: Preload = ({ queryClient }) => queryClient.prefetchQuery(authProvidersQuery());

/** Every screen of spec section 2 that exists so far; the guard rules live in route-guard-rules.ts. */
export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // The footer's categories come with the home page's data.
    handle: handle(PublicLayout.preload, preloadPublicStylesheet, ({ queryClient }) => catalogPreloads.home(queryClient)),
    children: [
      { index: true, element: <HomePage />, handle: handle(HomePage.preload, ({ queryClient }) => cmsPreloads.home(queryClient)) },
      page(patterns.about, <AboutPage />, AboutPage, ({ queryClient }) => cmsPreloads.about(queryClient)),
      page(patterns.contact, <ContactPage />, ContactPage, ({ queryClient }) => cmsPreloads.contact(queryClient)),
      page(patterns.privacy, <PrivacyPage />, PrivacyPage, ({ queryClient }) => cmsPreloads.privacy(queryClient)),
      page(patterns.search, <SearchPage />, SearchPage, ({ queryClient, search }) => preloadSearch(queryClient, search)),
      page(patterns.category, <CategoryPage />, CategoryPage, ({ queryClient, params, search }) => catalogPreloads.category(queryClient, params.id, search)),
      page(patterns.courseDetails, <CourseDetailsPage />, CourseDetailsPage, ({ queryClient, params }) => catalogPreloads.details(queryClient, params.id)),
      page(patterns.resetPassword, <ResetPasswordPage />, ResetPasswordPage),
      page(patterns.certificate, <CertificatePage />, CertificatePage),
      page(patterns.newsletterConfirm, <NewsletterConfirmPage />, NewsletterConfirmPage),
      page(patterns.newsletterUnsubscribe, <NewsletterUnsubscribePage />, NewsletterUnsubscribePage),
      page(patterns.instructorLogin, <MemberAuthPage role="instructor" mode="login" />, MemberAuthPage, preloadProviders),
      page(patterns.instructorRegister, <MemberAuthPage role="instructor" mode="register" />, MemberAuthPage, preloadProviders),
      page(patterns.participantLogin, <MemberAuthPage role="participant" mode="login" />, MemberAuthPage, preloadProviders),
      page(patterns.participantRegister, <MemberAuthPage role="participant" mode="register" />, MemberAuthPage, preloadProviders),
      page(patterns.instructorGoogle, <GoogleSignInPage role="instructor" />, GoogleSignInPage),
      page(patterns.participantGoogle, <GoogleSignInPage role="participant" />, GoogleSignInPage),
      page(patterns.instructorForgotPassword, <ForgotPasswordPage role="instructor" />, ForgotPasswordPage),
      page(patterns.participantForgotPassword, <ForgotPasswordPage role="participant" />, ForgotPasswordPage),
      page('*', <NotFoundPage home={paths.home} />, NotFoundPage),
    ],
  },
  {
    element: <AdminAuthLayout />,
    handle: handle(AdminAuthLayout.preload),
    children: [page(patterns.adminLogin, <AdminLoginPage />, AdminLoginPage)],
  },
  roleArea('admin'),
  roleArea('instructor'),
  roleArea('participant'),
];

/** Downloads the layout, page, style sheet and data of an address in parallel instead of one after another. */
export function preloadRoute(location: { pathname: string; search: string }, queryClient: QueryClient): Promise<unknown> {
  const matches = matchRoutes(appRoutes, location.pathname) ?? [];
  const search = new URLSearchParams(location.search);
  return Promise.allSettled(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload({ params: match.params, search, queryClient })));
}
