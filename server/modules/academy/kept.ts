import type { AcademySettings } from '../../../common/schemas/desk';
import { keptMemo, type KeptView } from '../../lib/kept/declare';

/** The academy's public details, read by every page's footer and the contact page. */
export const academyView = {
  name: 'academy',
  clearedBy: ['academy'],
  maxBytes: 64 * 1024,
  scoped: false,
} as const satisfies KeptView;

export const academyMemos = {
  /** The academy's details (key ''): the mail the desk sends and the pages the server hands out carry them. */
  academy: keptMemo<AcademySettings>({ clearedBy: ['academy'], maxBytes: 64 * 1024, scoped: false }),
};
