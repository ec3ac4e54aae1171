import type { FastifyInstance } from 'fastify';
import { adminAuthoringRoutes, instructorAuthoringRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import type { AppContext } from '../../context';
import { deleteCourse, deleteTag, getTag, reviewCourse, saveStep1, saveStep2, saveStep3, saveStep6, unlinkStep3, uploadStep3 } from './authoring.service';
import { editStep1, editStep2, editStep3, editStep4, editStep5, editStep6, wholeCourse } from './steps.service';
import { addCaptions, deleteCaptions, deleteLecture, deleteResource, deleteSection, getLecture, getSection, saveArticle, saveStep4, unlinkLectureVideo, uploadLectureVideo } from './outline.service';
import { deleteAssessment, deleteOption, deleteQuestion, deleteTopic, getAssessment, getOption, getQuestion, saveStep5, saveTopic } from './assessments.service';
import { instructorDashboard, listCoursesFor, recentCourses } from './course-lists.service';
import { resumableUploadsModule } from './resumable-uploads';

type CourseRoutes = typeof instructorAuthoringRoutes | typeof adminAuthoringRoutes;

/** The same service answers both roles: ownership is decided per user inside it (assertCourseAccess, course-edit.service.ts). */
function courseRoutes(app: FastifyInstance, ctx: AppContext, r: CourseRoutes) {
  addRoute(app, ctx, r.step1, async ({ user, body }) => saveStep1(ctx, user, body));
  addRoute(app, ctx, r.step2, async ({ user, body }) => saveStep2(ctx, user, body));
  addRoute(app, ctx, r.step3, async ({ user, body }) => saveStep3(ctx, user, body));
  addRoute(app, ctx, r.step4, async ({ user, body }) => saveStep4(ctx, user, body));
  addRoute(app, ctx, r.step5, async ({ user, body }) => saveStep5(ctx, user, body));
  addRoute(app, ctx, r.step5Topic, async ({ user, body }) => saveTopic(ctx, user, body));
  addRoute(app, ctx, r.deleteTopic, async ({ user, params }) => deleteTopic(ctx, user, params.id));
  addRoute(app, ctx, r.step6, async ({ user, body }) => saveStep6(ctx, user, body));
  addRoute(app, ctx, r.edit1, async ({ user, params }) => ({ data: await editStep1(ctx, user, params.id) }));
  addRoute(app, ctx, r.edit2, async ({ user, params }) => ({ data: await editStep2(ctx, user, params.id) }));
  addRoute(app, ctx, r.edit3, async ({ user, params }) => ({ data: await editStep3(ctx, user, params.id) }));
  addRoute(app, ctx, r.edit4, async ({ user, params }) => ({ data: await editStep4(ctx, user, params.id) }));
  addRoute(app, ctx, r.edit5, async ({ user, params }) => ({ data: await editStep5(ctx, user, params.id) }));
  addRoute(app, ctx, r.edit6, async ({ user, params }) => ({ data: await editStep6(ctx, user, params.id) }));
  addRoute(app, ctx, r.step3Upload, async ({ user, request }) => uploadStep3(ctx, user, request));
  addRoute(app, ctx, r.step3Unlink, async ({ user, body }) => unlinkStep3(ctx, user, body));
  addRoute(app, ctx, r.step4Upload, async ({ user, request }) => uploadLectureVideo(ctx, user, request));
  addRoute(app, ctx, r.step4Unlink, async ({ user, body }) => unlinkLectureVideo(ctx, user, body));
  addRoute(app, ctx, r.step4Article, async ({ user, body }) => saveArticle(ctx, user, body));
  addRoute(app, ctx, r.deleteResource, async ({ user, params }) => deleteResource(ctx, user, params.courseId, params.resourceId));
  addRoute(app, ctx, r.step4Captions, async ({ user, body }) => addCaptions(ctx, user, body));
  addRoute(app, ctx, r.deleteCaptions, async ({ user, params }) => deleteCaptions(ctx, user, params.courseId, params.lectureId, params.lang));
  addRoute(app, ctx, r.section, async ({ user, params }) => ({ data: await getSection(ctx, user, params.courseId, params.sectionId) }));
  addRoute(app, ctx, r.deleteSection, async ({ user, params }) => deleteSection(ctx, user, params.courseId, params.sectionId));
  addRoute(app, ctx, r.lecture, async ({ user, params }) => ({ data: await getLecture(ctx, user, params.courseId, params.lectureId) }));
  addRoute(app, ctx, r.deleteLecture, async ({ user, params }) => deleteLecture(ctx, user, params.courseId, params.lectureId));
  addRoute(app, ctx, r.assessment, async ({ user, params }) => ({ data: await getAssessment(ctx, user, params.id) }));
  addRoute(app, ctx, r.deleteAssessment, async ({ user, params }) => deleteAssessment(ctx, user, params.id));
  addRoute(app, ctx, r.question, async ({ user, params }) => ({ data: await getQuestion(ctx, user, params.id) }));
  addRoute(app, ctx, r.deleteQuestion, async ({ user, params }) => deleteQuestion(ctx, user, params.id));
  addRoute(app, ctx, r.option, async ({ user, params }) => ({ data: await getOption(ctx, user, params.id) }));
  addRoute(app, ctx, r.deleteOption, async ({ user, params }) => deleteOption(ctx, user, params.id));
  addRoute(app, ctx, r.tag, async ({ user, params, query }) => ({ data: await getTag(ctx, user, query.course_id, params.id) }));
  addRoute(app, ctx, r.deleteTag, async ({ user, params }) => deleteTag(ctx, user, params.courseId, params.tagId));
  addRoute(app, ctx, r.whole, async ({ user, params }) => ({ data: await wholeCourse(ctx, user, params.id) }));
  addRoute(app, ctx, r.deleteCourse, async ({ user, params }) => ({ message: 'api.authoring.course_deleted', data: await deleteCourse(ctx, user, params.id) }));
}

export function authoringModule(app: FastifyInstance, ctx: AppContext) {
  courseRoutes(app, ctx, instructorAuthoringRoutes);
  courseRoutes(app, ctx, adminAuthoringRoutes);
  const i = instructorAuthoringRoutes;
  addRoute(app, ctx, i.myCourses, async ({ user, query, body }) => ({ data: await listCoursesFor(ctx, user, query.page, body) }));
  addRoute(app, ctx, i.recentCourses, async ({ user }) => ({ data: await recentCourses(ctx, user) }));
  addRoute(app, ctx, i.dashboard, async ({ user }) => ({ data: await instructorDashboard(ctx, user) }));
  const a = adminAuthoringRoutes;
  addRoute(app, ctx, a.list, async ({ user, query, body }) => ({ data: await listCoursesFor(ctx, user, query.page, body) }));
  addRoute(app, ctx, a.approve, async ({ user, body }) => reviewCourse(ctx, user, body));
  resumableUploadsModule(app, ctx);
}
