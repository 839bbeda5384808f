/** Mock assessments offered for each family of exams. */
export const mockAssessments: Array<{ title: string; exams: string[] }> = [
  { title: 'Standardized Tests', exams: ['SSAT', 'NWEA MAP', 'SAT', 'ACT'] },
  { title: 'Math Competitions', exams: ['AMC 8', 'AMC 10', 'AMC 12', 'CEMC', 'CMS', 'Caribou'] },
  { title: 'Curriculum Benchmarks', exams: ['IB', 'Cambridge', 'AP', 'BC', 'US NGSS-aligned'] },
];
