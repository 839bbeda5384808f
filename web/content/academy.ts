/** How to reach the academy: one home for the contact details the footer and the contact page show. */
export const ACADEMY_CONTACT = {
  phone: '(604) 555-0142',
  email: 'hello@mathacademy.ca',
  address: 'Vancouver, British Columbia, Canada',
} as const;

/** Mock assessments offered for each family of exams. */
export const mockAssessments: Array<{ title: string; exams: string[] }> = [
  { title: 'Standardized Tests', exams: ['SSAT', 'NWEA MAP', 'SAT', 'ACT'] },
  { title: 'Math Competitions', exams: ['AMC 8', 'AMC 10', 'AMC 12', 'CEMC', 'CMS', 'Caribou'] },
  { title: 'Curriculum Benchmarks', exams: ['IB', 'Cambridge', 'AP', 'BC', 'US NGSS-aligned'] },
];
