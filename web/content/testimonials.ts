/** What families say: static content of the landing page's slider (4 entries). */
export interface Testimonial {
  id: number;
  name: string;
  role: string;
  image: string;
  text: string;
  beforeGrade: string;
  afterGrade: string;
  /** Shown as the family's concern when they joined. */
  program: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Sophia Chen',
    role: 'Parent of a grade 5 student',
    image: '/avatars/sophia.svg',
    text: 'Lily used to dread fractions. After ten weeks she explains them to her little brother, and her SSAT practice score jumped.',
    beforeGrade: 'C+',
    afterGrade: 'A',
    program: 'SSAT preparation',
  },
  {
    id: 2,
    name: 'Daniel Okafor',
    role: 'Grade 8 student',
    image: '/avatars/daniel.svg',
    text: 'The AMC 8 sessions taught me to look for patterns instead of guessing. I qualified for the honor roll this year.',
    beforeGrade: 'B',
    afterGrade: 'A+',
    program: 'AMC 8 competition',
  },
  {
    id: 3,
    name: 'Maya Patel',
    role: 'Parent of a grade 3 student',
    image: '/avatars/maya.svg',
    text: 'The teachers are patient and the weekly reports tell me exactly what Arjun practiced. He now asks for extra problems.',
    beforeGrade: 'C',
    afterGrade: 'B+',
    program: 'Elementary math confidence',
  },
  {
    id: 4,
    name: 'Ethan Brooks',
    role: 'Grade 11 student',
    image: '/avatars/ethan.svg',
    text: 'The mock SAT tests felt exactly like the real thing. Going in, I knew my pacing and which question types to check twice.',
    beforeGrade: 'B-',
    afterGrade: 'A',
    program: 'SAT math',
  },
];
