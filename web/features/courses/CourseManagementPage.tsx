import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { normalizeUserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Breadcrumb, type Crumb } from '../../ui/Breadcrumb';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { PageFrame } from '../../ui/PageFrame';
import { Toast, useNotify } from '../../ui/Toast';
import { useCourses, useSections, useUnits } from './api';
import { CoursesView } from './CoursesView';
import { failureText } from './messages';
import { SectionContentView } from './SectionContentView';
import { SectionsView } from './SectionsView';
import { UnitsView } from './UnitsView';

/**
 * /course-management: the drill-down of courses, units and sections. Each level has its
 * own address (`/course-management/:courseId/units/:unitId/sections/:sectionId`), so Back, refresh and links
 * land where they were; the titles of the trail come from the lists the levels load anyway.
 */
export default function CourseManagementPage() {
  const { user } = useAuth();
  const admin = normalizeUserType(user?.type ?? '') === 'admin';
  const { courseId, unitId, sectionId } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const courses = useCourses(admin);
  const units = useUnits(courseId ?? null);
  const sections = useSections(unitId ?? null);
  const course = courseId ? courses.data?.find((c) => c.id === courseId) : undefined;
  const unit = unitId ? units.data?.find((u) => u.id === unitId) : undefined;
  const section = sectionId ? sections.data?.find((s) => s.id === sectionId) : undefined;

  const trail: Crumb[] = [{ label: 'Courses', to: paths.courseManagement }];
  if (course) trail.push({ label: course.title, to: paths.courseUnits.href(course.id) });
  if (course && unit) trail.push({ label: unit.title, to: paths.unitSections.href(course.id, unit.id) });
  if (section) trail.push({ label: section.title });

  let title = 'Courses';
  let level: ReactNode;
  /** A level whose parent list is loading, failed, or does not hold the id of the address. */
  const missing = (
    query: { isPending: boolean; isError: boolean; error: unknown; refetch(): unknown },
    entity: 'course' | 'unit' | 'section',
  ) =>
    query.isPending ? (
      <PageState kind="loading" title="Loading course management..." />
    ) : query.isError ? (
      <PageState
        kind="error"
        title={failureText(query.error, 'load', entity)}
        action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
      />
    ) : (
      <EmptyState
        title={`This ${entity} no longer exists`}
        action={<Link to={paths.courseManagement}>Back to Courses</Link>}
      />
    );

  if (!courseId) {
    level = <CoursesView admin={admin} notify={notify} onManageUnits={(c) => navigate(paths.courseUnits.href(c.id))} />;
  } else if (!course) {
    level = missing(courses, 'course');
  } else if (!unitId) {
    title = course.title;
    level = (
      <UnitsView
        course={course}
        notify={notify}
        onBack={() => navigate(paths.courseManagement)}
        onManageSections={(u) => navigate(paths.unitSections.href(course.id, u.id))}
      />
    );
  } else if (!unit) {
    level = missing(units, 'unit');
  } else if (!sectionId) {
    title = unit.title;
    level = (
      <SectionsView
        unit={unit}
        notify={notify}
        onBack={() => navigate(paths.courseUnits.href(course.id))}
        onViewContent={(s) => navigate(paths.sectionContent.href(course.id, unit.id, s.id))}
      />
    );
  } else if (!section) {
    level = missing(sections, 'section');
  } else {
    title = section.title;
    level = (
      <SectionContentView section={section} onBack={() => navigate(paths.unitSections.href(course.id, unit.id))} />
    );
  }

  return (
    <PageFrame eyebrow="Course Management" title={title}>
      <Breadcrumb trail={trail} />
      <Toast notice={notify.notice} />
      {level}
    </PageFrame>
  );
}
