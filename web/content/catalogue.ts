/**
 * The academy's sample catalogue: the one data module behind the landing page's course cards, the top bar's
 * course search and the learner browsing pages (/courses, /course/{id}, its units, sections and lessons).
 * All of it is sample data: there is no catalogue API yet, so nothing here is fetched.
 */

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced' | 'Mixed';
export type Level = 'Elementary' | 'Middle School' | 'High School';
export const LEVELS: readonly Level[] = ['Elementary', 'Middle School', 'High School'];

/** Each course has its own illustration: a palette and a math motif drawn by CourseArt. */
export type Motif = 'shapes' | 'numbers' | 'graph' | 'fraction' | 'triangle' | 'sigma';

export interface Exercise {
  id: string;
  prompt: string;
  /** The accepted answer; the answer checker judges what the learner types against it. */
  answer: string;
  hint: string;
}

export interface Lesson {
  id: string;
  title: string;
  /** m:ss */
  duration: string;
  completed: boolean;
  /** Three lecture pages of short paragraphs. */
  lecture: string[];
  exercises: Exercise[];
}

export interface Section {
  id: string;
  number: number;
  title: string;
  difficulty: Difficulty;
  duration: string;
  progress: number;
  completed: boolean;
  skills: string[];
  lessons: Lesson[];
}

export interface Unit {
  id: string;
  number: number;
  title: string;
  difficulty: Difficulty;
  duration: string;
  progress: number;
  topics: string[];
  sections: Section[];
}

export interface Course {
  id: string;
  title: string;
  level: Level;
  grades: string;
  description: string;
  difficulty: Difficulty;
  duration: string;
  motif: Motif;
  progress: number;
  enrolled: boolean;
  price: number;
  rating: number;
  students: number;
  units: Unit[];
}

function exercise(id: string, prompt: string, answer: string, hint: string): Exercise {
  return { id, prompt, answer, hint };
}

function lesson(
  id: string,
  title: string,
  duration: string,
  completed: boolean,
  lecture: string[],
  exercises: Exercise[],
): Lesson {
  return { id, title, duration, completed, lecture, exercises };
}

const countingLessons = [
  lesson(
    'l1',
    'Counting on from any number',
    '6:40',
    true,
    [
      'Counting on means starting from a number you already know and counting forward, one step at a time.',
      'Put the bigger number in your head, then count on the smaller one with your fingers or with dots.',
      'Check your answer by counting back: if 7 + 3 = 10, then 10 - 3 should bring you back to 7.',
    ],
    [
      exercise('e1', 'What is 7 + 3?', '10', 'Start at 7 and count three more.'),
      exercise('e2', 'What is 12 + 5?', '17', 'Start at 12, then count 13, 14, 15, 16, 17.'),
      exercise('e3', 'What is 9 + 6?', '15', 'Make a ten first: 9 + 1 = 10, then add the 5 left over.'),
      exercise('e4', 'What is 18 - 4?', '14', 'Count back four steps from 18.'),
    ],
  ),
  lesson(
    'l2',
    'Making ten',
    '7:15',
    false,
    [
      'Ten is a friendly number: 1 + 9, 2 + 8, 3 + 7, 4 + 6 and 5 + 5 all make ten.',
      'To add 8 + 5, borrow 2 from the 5 to make 8 into 10, then add the 3 that is left: 13.',
      'Ten-frames help you see it: fill one frame completely, then count the dots in the next.',
    ],
    [
      exercise('e1', 'What number goes with 6 to make 10?', '4', 'Count up from 6 until you reach 10.'),
      exercise('e2', 'What is 8 + 5?', '13', 'Make a ten: 8 + 2 = 10, and 3 is left.'),
      exercise('e3', 'What is 7 + 7?', '14', 'Doubles: 7 and 7 is two sevens.'),
    ],
  ),
];

const placeValueLessons = [
  lesson(
    'l1',
    'Tens and ones',
    '5:50',
    false,
    [
      'In 47, the 4 means four tens (40) and the 7 means seven ones.',
      'We can draw tens as sticks and ones as dots: four sticks and seven dots.',
      'Swapping the digits changes the number: 74 has seven tens, so it is much larger than 47.',
    ],
    [
      exercise('e1', 'How many tens are in 63?', '6', 'The tens digit is on the left.'),
      exercise('e2', 'What number has 5 tens and 2 ones?', '52', 'Five tens is 50.'),
    ],
  ),
  lesson(
    'l2',
    'Comparing numbers',
    '6:05',
    false,
    [
      'To compare two numbers, look at the tens first: the number with more tens is bigger.',
      'When the tens are the same, the ones decide.',
      'We write 58 > 49 and read it as "58 is greater than 49".',
    ],
    [
      exercise('e1', 'Which is greater, 38 or 83?', '83', 'Compare the tens digits.'),
      exercise('e2', 'Which is smaller, 71 or 17?', '17', 'One ten is less than seven tens.'),
    ],
  ),
];

const fractionLessons = [
  lesson(
    'l1',
    'Equivalent fractions',
    '8:20',
    true,
    [
      'Two fractions are equivalent when they name the same part of a whole: 1/2 = 2/4 = 4/8.',
      'Multiply the top and bottom by the same number to build an equivalent fraction.',
      'Divide both by a common factor to simplify: 6/9 becomes 2/3.',
    ],
    [
      exercise('e1', 'Simplify 6/9.', '2/3', 'Both numbers are multiples of 3.'),
      exercise('e2', 'Complete: 3/4 = ?/8', '6', 'The bottom was doubled, so double the top.'),
      exercise('e3', 'Simplify 10/15.', '2/3', 'Divide the top and bottom by 5.'),
    ],
  ),
  lesson(
    'l2',
    'Adding fractions',
    '9:10',
    false,
    [
      'Fractions with the same denominator add their numerators: 2/7 + 3/7 = 5/7.',
      'With different denominators, find a common one first: 1/3 + 1/6 = 2/6 + 1/6 = 3/6.',
      'Always simplify at the end: 3/6 = 1/2.',
    ],
    [
      exercise('e1', 'What is 2/7 + 3/7?', '5/7', 'The sevenths stay sevenths.'),
      exercise('e2', 'What is 1/3 + 1/6? (simplest form)', '1/2', 'Write 1/3 as 2/6 first.'),
    ],
  ),
];

const equationLessons = [
  lesson(
    'l1',
    'One-step equations',
    '7:45',
    true,
    [
      'An equation is a balance: whatever you do to one side, do to the other.',
      'To solve x + 5 = 12, subtract 5 from both sides: x = 7.',
      'To solve 3x = 21, divide both sides by 3: x = 7. Always check by substituting back.',
    ],
    [
      exercise('e1', 'Solve x + 5 = 12.', '7', 'Subtract 5 from both sides.'),
      exercise('e2', 'Solve 3x = 21.', '7', 'Divide both sides by 3.'),
      exercise('e3', 'Solve x - 4 = 10.', '14', 'Add 4 to both sides.'),
    ],
  ),
  lesson(
    'l2',
    'Two-step equations',
    '9:30',
    false,
    [
      'Undo addition and subtraction first, then multiplication and division.',
      'For 2x + 3 = 11: subtract 3 to get 2x = 8, then divide by 2 to get x = 4.',
      'Check: 2(4) + 3 = 11. The balance holds.',
    ],
    [
      exercise('e1', 'Solve 2x + 3 = 11.', '4', 'Subtract 3 first.'),
      exercise('e2', 'Solve 5x - 2 = 18.', '4', 'Add 2, then divide by 5.'),
    ],
  ),
];

const functionLessons = [
  lesson(
    'l1',
    'What is a function?',
    '8:00',
    false,
    [
      'A function gives exactly one output for each input: f(x) = 2x + 1 turns 3 into 7.',
      'A table, a graph or a rule can all describe the same function.',
      'On a graph, a vertical line meets a function at most once.',
    ],
    [
      exercise('e1', 'If f(x) = 2x + 1, what is f(3)?', '7', 'Replace x with 3.'),
      exercise('e2', 'If g(x) = x², what is g(-4)?', '16', 'A negative times a negative is positive.'),
    ],
  ),
  lesson(
    'l2',
    'Slope and intercept',
    '10:15',
    false,
    [
      'In y = mx + b, m is the slope (rise over run) and b is where the line crosses the y-axis.',
      'A slope of 2 means the line goes up 2 for every 1 step to the right.',
      'Two points give the slope: (y2 - y1) / (x2 - x1).',
    ],
    [
      exercise('e1', 'What is the slope of y = 3x - 2?', '3', 'The slope is the number in front of x.'),
      exercise('e2', 'What is the y-intercept of y = 3x - 2?', '-2', 'Set x to 0.'),
    ],
  ),
];

function section(
  id: string,
  number: number,
  title: string,
  difficulty: Difficulty,
  duration: string,
  progress: number,
  skills: string[],
  lessons: Lesson[],
): Section {
  return { id, number, title, difficulty, duration, progress, completed: progress >= 100, skills, lessons };
}

export const courses: Course[] = [
  {
    id: 'elementary-number-sense',
    title: 'Number Sense and Operations',
    level: 'Elementary',
    grades: 'Grades 1-3',
    description: 'Counting, place value, addition and subtraction built on visual models and daily practice.',
    difficulty: 'Beginner',
    duration: '8 weeks',
    motif: 'numbers',
    progress: 45,
    enrolled: true,
    price: 299,
    rating: 4.9,
    students: 1240,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Adding and Subtracting within 20',
        difficulty: 'Beginner',
        duration: '2 weeks',
        progress: 80,
        topics: ['Counting on', 'Making ten', 'Fact families'],
        sections: [
          section(
            's1',
            1,
            'Counting Strategies',
            'Beginner',
            '45 min',
            100,
            ['Counting on', 'Counting back'],
            countingLessons,
          ),
          section(
            's2',
            2,
            'Making Ten',
            'Beginner',
            '50 min',
            60,
            ['Number bonds', 'Ten-frames'],
            countingLessons.map((l) => ({ ...l, completed: l.id === 'l1' })),
          ),
        ],
      },
      {
        id: 'u2',
        number: 2,
        title: 'Place Value to 100',
        difficulty: 'Intermediate',
        duration: '3 weeks',
        progress: 0,
        topics: ['Tens and ones', 'Comparing numbers'],
        sections: [
          section(
            's1',
            1,
            'Tens and Ones',
            'Beginner',
            '40 min',
            0,
            ['Place value', 'Expanded form'],
            placeValueLessons,
          ),
          section(
            's2',
            2,
            'Comparing and Ordering',
            'Intermediate',
            '40 min',
            0,
            ['Greater than', 'Less than'],
            placeValueLessons,
          ),
        ],
      },
    ],
  },
  {
    id: 'elementary-fractions',
    title: 'Fractions Made Friendly',
    level: 'Elementary',
    grades: 'Grades 3-5',
    description: 'Equivalent fractions, comparing and adding fractions with area models and number lines.',
    difficulty: 'Intermediate',
    duration: '6 weeks',
    motif: 'fraction',
    progress: 0,
    enrolled: false,
    price: 349,
    rating: 4.8,
    students: 860,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Understanding Fractions',
        difficulty: 'Intermediate',
        duration: '3 weeks',
        progress: 0,
        topics: ['Equivalent fractions', 'Adding fractions'],
        sections: [
          section(
            's1',
            1,
            'Equivalent Fractions',
            'Intermediate',
            '55 min',
            0,
            ['Simplifying', 'Scaling'],
            fractionLessons,
          ),
        ],
      },
    ],
  },
  {
    id: 'middle-pre-algebra',
    title: 'Pre-Algebra Foundations',
    level: 'Middle School',
    grades: 'Grades 6-7',
    description: 'Ratios, integers and one- and two-step equations: the bridge from arithmetic to algebra.',
    difficulty: 'Intermediate',
    duration: '10 weeks',
    motif: 'sigma',
    progress: 20,
    enrolled: true,
    price: 449,
    rating: 4.8,
    students: 940,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Solving Equations',
        difficulty: 'Intermediate',
        duration: '3 weeks',
        progress: 40,
        topics: ['Balance method', 'Inverse operations'],
        sections: [
          section('s1', 1, 'One-Step Equations', 'Beginner', '50 min', 80, ['Inverse operations'], equationLessons),
          section('s2', 2, 'Two-Step Equations', 'Intermediate', '60 min', 0, ['Order of undoing'], equationLessons),
        ],
      },
      {
        id: 'u2',
        number: 2,
        title: 'Fractions and Ratios Review',
        difficulty: 'Mixed',
        duration: '2 weeks',
        progress: 0,
        topics: ['Equivalent fractions', 'Ratios'],
        sections: [section('s1', 1, 'Fraction Fluency', 'Mixed', '55 min', 0, ['Simplifying'], fractionLessons)],
      },
    ],
  },
  {
    id: 'middle-amc8',
    title: 'AMC 8 Competition Prep',
    level: 'Middle School',
    grades: 'Grades 6-8',
    description: 'Problem-solving strategies, timed practice and past-paper reviews for the AMC 8.',
    difficulty: 'Advanced',
    duration: '12 weeks',
    motif: 'triangle',
    progress: 0,
    enrolled: false,
    price: 599,
    rating: 4.9,
    students: 610,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Algebraic Thinking',
        difficulty: 'Advanced',
        duration: '4 weeks',
        progress: 0,
        topics: ['Equations', 'Patterns'],
        sections: [
          section(
            's1',
            1,
            'Equations Under Time Pressure',
            'Advanced',
            '60 min',
            0,
            ['Speed', 'Checking'],
            equationLessons,
          ),
        ],
      },
    ],
  },
  {
    id: 'high-algebra-1',
    title: 'Algebra I: Functions and Graphs',
    level: 'High School',
    grades: 'Grades 8-9',
    description: 'Linear functions, slope, systems and an introduction to quadratics, with graphing practice.',
    difficulty: 'Intermediate',
    duration: '14 weeks',
    motif: 'graph',
    progress: 0,
    enrolled: true,
    price: 499,
    rating: 4.7,
    students: 1020,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Linear Functions',
        difficulty: 'Intermediate',
        duration: '4 weeks',
        progress: 0,
        topics: ['Function notation', 'Slope', 'Intercepts'],
        sections: [
          section(
            's1',
            1,
            'Functions and Slope',
            'Intermediate',
            '65 min',
            0,
            ['Function notation', 'Slope'],
            functionLessons,
          ),
        ],
      },
    ],
  },
  {
    id: 'high-sat-math',
    title: 'SAT Math Intensive',
    level: 'High School',
    grades: 'Grades 10-12',
    description: 'Every SAT math domain with strategy lessons, full-length mock tests and score reports.',
    difficulty: 'Mixed',
    duration: '10 weeks',
    motif: 'shapes',
    progress: 0,
    enrolled: false,
    price: 549,
    rating: 4.8,
    students: 1385,
    units: [
      {
        id: 'u1',
        number: 1,
        title: 'Heart of Algebra',
        difficulty: 'Mixed',
        duration: '3 weeks',
        progress: 0,
        topics: ['Linear equations', 'Functions'],
        sections: [
          section('s1', 1, 'Equations Review', 'Intermediate', '60 min', 0, ['Two-step equations'], equationLessons),
          section(
            's2',
            2,
            'Functions Review',
            'Advanced',
            '60 min',
            0,
            ['Slope', 'Function notation'],
            functionLessons,
          ),
        ],
      },
    ],
  },
];

export function findCourse(courseId: string | undefined): Course | undefined {
  return courses.find((c) => c.id === courseId);
}

export function findUnit(course: Course | undefined, unitId: string | undefined): Unit | undefined {
  return course?.units.find((u) => u.id === unitId);
}

export function findSection(unit: Unit | undefined, sectionId: string | undefined): Section | undefined {
  return unit?.sections.find((s) => s.id === sectionId);
}

export function lessonCount(course: Course): number {
  return course.units.reduce((sum, u) => sum + u.sections.reduce((n, s) => n + s.lessons.length, 0), 0);
}

export function unitLessonCount(unit: Unit): number {
  return unit.sections.reduce((n, s) => n + s.lessons.length, 0);
}

/** The top bar's search: a course matches when its title, level, grades or description contains every word typed. */
export function searchCourses(query: string): Course[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return courses.filter((c) => {
    const haystack = `${c.title} ${c.level} ${c.grades} ${c.description}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
