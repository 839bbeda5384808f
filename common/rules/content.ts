/** Courses, units, sections and the rich text they hold. */

export const COURSE_PAGE_SIZES = [10, 20, 30] as const;
/** Where a list cuts a course's, section's or question's text. */
export const PREVIEW_CHARS = 100;
export const COURSE_LIMITS = {
  title: 200,
  code: 40,
  description: 2000,
  grade: 40,
  category: 60,
  categories: 30,
  /** The highest unit or section number one may type. */
  number: 9999,
  /** Stored section HTML, after sanitizing. */
  content: 500_000,
} as const;

/** Rich text may show images from our own uploads only: the question attachments route, or a general uploads route. */
export const OWN_IMAGE_SRC = /^\/api\/(?:questions\/)?uploads\/[A-Za-z0-9._-]+$/;
/** Links in rich text: absolute http(s) or mailto only. */
export const RICH_TEXT_LINK = /^(?:https?:\/\/|mailto:)[^\s]/i;
