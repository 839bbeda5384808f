/** The section questions screen's texts; the server sends its own on failure. */
export const SECTION_QUESTIONS_MESSAGES = {
  hierarchyFailed: 'Failed to load course hierarchy',
  noCourses: 'No courses available',
  noUnits: 'No units available',
  noSections: 'No sections available',
  listFailed: 'Failed to load assigned questions',
  addFailed: 'Failed to assign questions',
  removed: 'Question removed from section',
  removeFailed: 'Failed to remove question from section',
  removeFailedNetwork: 'Failed to remove question',
  noQuestions: 'No questions assigned to this section yet.',
  selectSection: 'Select a Section First.',
  /** Reordering a section's questions. */
  orderFailed: 'Failed to save the question order',
} as const;

/** The available list shows 10 questions a page. */
export const AVAILABLE_PAGE_SIZE = 10;
