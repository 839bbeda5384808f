import type { LastSection } from '@common/schemas/learning';
import { paths } from '../../paths';

/** Where a section of the student's course opens: the one link to the course viewer's place (see paths.learnerSection). */
export const sectionHref = (at: Pick<LastSection, 'courseId' | 'unitId' | 'sectionId'>) =>
  paths.learnerSection(at.courseId, at.unitId, at.sectionId);
