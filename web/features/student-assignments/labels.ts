import { sectionLabel, unitLabel, UNKNOWN_COURSE, UNKNOWN_UNIT } from '@common/rules';
import type { AssignedStudent } from '@common/schemas/learning';
import type { CourseContent } from './api';

export interface Listed {
  id: string;
  label: string;
  /** The parent's name: the unit's course, the section's unit. */
  parent: string;
  /** The parent's id where known, for the filters. */
  parentId: string | null;
  courseId: string | null;
}

/**
 * A student's units and sections as the manager lists them: "Unit {number}: {title}" under
 * its course's name, "Section {number}: {title}" under its unit's, with "Unknown Course" / "Unknown Unit" when
 * the parent cannot be found, and the item's own id while its course's lists are still on their way.
 */
export function listedUnits(student: AssignedStudent, content: CourseContent): Listed[] {
  return student.units.map((id) => {
    const unit = content.units.get(id);
    const course = unit ? student.courses.find((c) => c.id === unit.courseId) : undefined;
    return {
      id,
      label: unit ? unitLabel(unit) : content.loading ? 'Loading unit...' : 'Unit',
      parent: course?.name ?? unit?.courseTitle ?? UNKNOWN_COURSE,
      parentId: unit?.courseId ?? null,
      courseId: unit?.courseId ?? null,
    };
  });
}

export function listedSections(student: AssignedStudent, content: CourseContent): Listed[] {
  return student.sections.map((id) => {
    const section = content.sections.get(id);
    const unit = section ? content.units.get(section.unitId) : undefined;
    return {
      id,
      label: section ? sectionLabel(section) : content.loading ? 'Loading section...' : 'Section',
      parent: unit ? unitLabel(unit) : (section?.unitTitle ?? UNKNOWN_UNIT),
      parentId: section?.unitId ?? null,
      courseId: section?.courseId ?? null,
    };
  });
}
