import type { Motif } from './catalogue';

/** The public site's offerings. Prices are placeholder sample data (299 to 599 dollars). */
export interface Offering {
  id: string;
  title: string;
  grades: string;
  description: string;
  price: number;
  motif: Motif;
  lessons: number;
}

export const offerings: Offering[] = [
  {
    id: 'ssat',
    title: 'SSAT Prep',
    grades: 'Grades 3-8',
    description: 'Quantitative sections, timed practice and full mock tests for the SSAT.',
    price: 499,
    motif: 'triangle',
    lessons: 32,
  },
  {
    id: 'map',
    title: 'MAP Test Prep',
    grades: 'Grades 2-8',
    description: 'Targeted practice on every NWEA MAP math goal area.',
    price: 399,
    motif: 'graph',
    lessons: 24,
  },
  {
    id: 'amc8',
    title: 'AMC 8 Prep',
    grades: 'Grades 5-8',
    description: 'Problem-solving strategies and past-paper reviews for the AMC 8.',
    price: 599,
    motif: 'shapes',
    lessons: 36,
  },
  {
    id: 'mathcounts',
    title: 'MATHCOUNTS',
    grades: 'Grades 6-8',
    description: 'Sprint, Target and Team round practice with coaching on speed.',
    price: 549,
    motif: 'sigma',
    lessons: 30,
  },
  {
    id: 'competitions',
    title: 'Math Competitions',
    grades: 'Grades 3-12',
    description: 'CEMC, CMS and Caribou contests: strategies and mock contests.',
    price: 449,
    motif: 'fraction',
    lessons: 28,
  },
  {
    id: 'elementary',
    title: 'Elementary Math',
    grades: 'Grades K-5',
    description: 'Number sense, fractions and problem solving built on visual models.',
    price: 299,
    motif: 'numbers',
    lessons: 40,
  },
];

/** Mock assessments offered for each family of exams. */
export const mockAssessments: Array<{ title: string; exams: string[] }> = [
  { title: 'Standardized Tests', exams: ['SSAT', 'NWEA MAP', 'SAT', 'ACT'] },
  { title: 'Math Competitions', exams: ['AMC 8', 'AMC 10', 'AMC 12', 'CEMC', 'CMS', 'Caribou'] },
  { title: 'Curriculum Benchmarks', exams: ['IB', 'Cambridge', 'AP', 'BC', 'US NGSS-aligned'] },
];
