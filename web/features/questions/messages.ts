/** The question area's texts (the rules' own messages live in common/schemas/questions.ts). */
export const MESSAGES = {
  loadFailed: 'Failed to load questions',
  loadFailedNetwork: 'Error loading questions',
  updateFailed: 'Failed to update question',
  updateFailedNetwork: 'Error updating question',
  prepareEditFailed: 'Error preparing question for edit',
  deleteFailed: 'Failed to delete question',
  bulkDeleteFailed: 'Failed to delete questions',
  createFailed: 'Failed to create question',
  submitFailed: 'Failed to submit question',
  tagsLoadFailed: 'Failed to load categories and focus areas',
  categoryAdded: 'Category added successfully',
  focusAdded: 'Focus area added successfully',
  categoryAddFailed: 'Failed to add category',
  focusAddFailed: 'Failed to add focus area',
  categoryDeleteFailed: 'Failed to delete category',
  focusDeleteFailed: 'Failed to delete focus area',
  skillsLoadFailed: 'Failed to load skills',
  skillSaveFailed: 'Failed to save the skill',
  skillDeleteFailed: 'Failed to delete the skill',
  prerequisitesSaveFailed: 'Failed to save the prerequisites',
  previewFailed: 'Failed to preview the variants',
  fileReadFailed: 'The file could not be read. Please try again.',
  importFailed: 'The questions could not be imported. Nothing was imported; please try again.',
  exportFailed: 'The questions could not be exported. Please try again.',
} as const;

/** How long the category manager's messages stay; the bank and step 1 use the default 5 s. */
export const CATEGORY_MESSAGE_MS = 3000;
/** Step 2 goes back two history steps this long after a success. */
export const CREATED_REDIRECT_MS = 1500;
