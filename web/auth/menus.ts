import {
  BookOpen,
  Calendar,
  ChartColumn,
  Dumbbell,
  ClipboardList,
  FileQuestion,
  FolderTree,
  GraduationCap,
  LayoutDashboard,
  Library,
  ListChecks,
  MessageCircle,
  School,
  Settings,
  Store,
  Timer,
  UserCog,
  UserPlus,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { UserType } from '@common/rules';
import { paths } from '../paths';

export interface MenuItem {
  label: string;
  /**
   * The phone bottom bar's word, where the label would not fit a fifth of a 375 px screen; the full label stays
   * in the sidebar and in the link's tooltip.
   */
  short?: string;
  icon: LucideIcon;
  /** A route, or the dashboard with an in-place section (`/dashboard?section=...`). */
  to: string;
}

const dashboard: MenuItem = { label: 'Dashboard', short: 'Home', icon: LayoutDashboard, to: paths.dashboard };
const profile: MenuItem = { label: 'Profile', icon: UserRound, to: paths.profile };
const section = (label: string, icon: LucideIcon, key: string, short?: string): MenuItem => ({
  label,
  short,
  icon,
  to: paths.dashboardSection(key),
});

/**
 * The sidebar of each role: students, parents and each kind of staff. Staff items are routes; the student's and
 * parent's other items are sections of the dashboard.
 * The mobile bottom bar shows the first five of each list, so the order matters.
 */
export const MENUS: Record<UserType, MenuItem[]> = {
  student: [
    dashboard,
    // The learning pages fill this section with the grid of the student's assigned courses.
    section('My Courses', BookOpen, 'courses', 'Courses'),
    section('Assignments', ClipboardList, 'assignments', 'Tasks'),
    section('Grades', GraduationCap, 'grades'),
    profile,
    section('Progress', ChartColumn, 'progress'),
    section('Practice', Dumbbell, 'practice'),
    section('Calendar', Calendar, 'calendar'),
    section('Resources', Library, 'resources'),
  ],
  parent: [
    dashboard,
    section('My Children', Users, 'children', 'Children'),
    section('Progress Reports', ChartColumn, 'progress', 'Reports'),
    section('Communication', MessageCircle, 'communication', 'Messages'),
    profile,
  ],
  teacher: [
    dashboard,
    { label: 'Students', icon: Users, to: paths.classes },
    { label: 'Question Assignment', short: 'Assign', icon: ListChecks, to: paths.sectionQuestions },
    { label: 'Course Management', short: 'Courses', icon: FolderTree, to: paths.courseManagement },
    { label: 'Question Bank', short: 'Questions', icon: FileQuestion, to: paths.questionBank },
    { label: 'Grades', icon: GraduationCap, to: paths.teacherGrade },
    profile,
    { label: 'Calendar', icon: Calendar, to: paths.teacherSchedule },
  ],
  admin: [
    dashboard,
    { label: 'Register Users', short: 'Register', icon: UserPlus, to: paths.registerUsers },
    { label: 'Manage Users', short: 'Users', icon: UserCog, to: paths.manageUsers },
    { label: 'Course Assignment', short: 'Assign', icon: ClipboardList, to: paths.courseAssignment },
    { label: 'Course Management', short: 'Courses', icon: FolderTree, to: paths.courseManagement },
    // Sixth: the phone bar keeps the admin's first five as they were.
    { label: 'Classes', icon: School, to: paths.classes },
    { label: 'Question Bank', short: 'Questions', icon: FileQuestion, to: paths.questionBank },
    { label: 'Question Assignment', short: 'Assign', icon: ListChecks, to: paths.sectionQuestions },
    { label: 'Exam profiles', short: 'Exams', icon: Timer, to: paths.adminExamProfiles },
    { label: 'Course Catalogue', short: 'Catalogue', icon: Store, to: paths.adminOfferings },
    { label: 'Analytics', icon: ChartColumn, to: paths.adminAnalytics },
    { label: 'Settings', icon: Settings, to: paths.adminSettings },
    profile,
  ],
  'data-entry': [
    dashboard,
    { label: 'Question Bank', short: 'Questions', icon: FileQuestion, to: paths.questionBank },
    { label: 'Course Management', short: 'Courses', icon: FolderTree, to: paths.courseManagement },
    profile,
  ],
};

/** The label of a dashboard section key, for its coming-soon heading. */
export function sectionLabel(type: UserType, key: string): string | undefined {
  return MENUS[type].find((item) => item.to === paths.dashboardSection(key))?.label;
}
