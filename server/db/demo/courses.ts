import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { courses, sections, units } from '../schema';
import { sanitizeRichText } from '../../lib/sanitize';

/**
 * The demo catalogue: three real courses whose lessons teach real mathematics, written for children, with LaTeX.
 * Each course is created once (found by its code), so restarts leave it, and any staff edits, alone.
 */

interface DemoSection {
  title: string;
  content: string;
}
interface DemoUnit {
  title: string;
  grade: string;
  categories: string[];
  sections: DemoSection[];
}
interface DemoCourse {
  title: string;
  code: string;
  description: string;
  units: DemoUnit[];
}

const html = String.raw;

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'SSAT Elementary Prep',
    code: 'SSAT-ELEM',
    description:
      'Number sense, fractions ($\\frac{1}{2}$, $\\frac{3}{4}$) and word problems for the Elementary Level SSAT (grades 3 and 4), one friendly step at a time.',
    units: [
      {
        title: 'Fractions',
        grade: '4',
        categories: ['Fractions', 'Number Sense'],
        sections: [
          {
            title: 'What a fraction means',
            content: html`<h2>Parts of a whole</h2>
<p>A fraction tells us how many equal parts we have out of the parts in one whole. In $\frac{3}{4}$ the bottom number, the <strong>denominator</strong>, says the whole is cut into $4$ equal pieces, and the top number, the <strong>numerator</strong>, says we have $3$ of them.</p>
<div data-columns="2"><div data-column><p><strong>Example.</strong> A pizza is cut into $8$ equal slices and you eat $3$. You ate $\frac{3}{8}$ of the pizza, and $\frac{5}{8}$ is left.</p></div><div data-column><p><strong>Check.</strong> The parts you ate and the parts left make one whole: $$\frac{3}{8} + \frac{5}{8} = \frac{8}{8} = 1$$</p></div></div>
<p><em>Remember:</em> the pieces must be <u>equal</u> for the fraction to make sense.</p>`,
          },
          {
            title: 'Equivalent fractions',
            content: html`<h2>Same amount, different names</h2>
<p>If you multiply the top and the bottom of a fraction by the same number, the amount does not change:</p>
<p>$$\frac{1}{2} = \frac{1 \times 2}{2 \times 2} = \frac{2}{4} = \frac{4}{8}$$</p>
<p>To <strong>simplify</strong>, divide the top and bottom by a number that goes into both. For $\frac{6}{9}$, both $6$ and $9$ can be divided by $3$, so $\frac{6}{9} = \frac{2}{3}$.</p>
<table><tbody><tr><th><p>Fraction</p></th><th><p>Divide by</p></th><th><p>Simplest form</p></th></tr><tr><td><p>$\frac{4}{10}$</p></td><td><p>$2$</p></td><td><p>$\frac{2}{5}$</p></td></tr><tr><td><p>$\frac{9}{12}$</p></td><td><p>$3$</p></td><td><p>$\frac{3}{4}$</p></td></tr><tr><td><p>$\frac{10}{15}$</p></td><td><p>$5$</p></td><td><p>$\frac{2}{3}$</p></td></tr></tbody></table>`,
          },
          {
            title: 'Adding fractions with the same denominator',
            content: html`<h2>Add the tops, keep the bottom</h2>
<p>When the pieces are the same size, we just count them: $\frac{2}{7} + \frac{3}{7} = \frac{5}{7}$.</p>
<p>When the bottoms are different, first rename one fraction so the pieces match:</p>
<p>$$\frac{1}{2} + \frac{1}{4} = \frac{2}{4} + \frac{1}{4} = \frac{3}{4}$$</p>
<ol><li><p>Find a denominator both fractions can use.</p></li><li><p>Rename each fraction.</p></li><li><p>Add the numerators and simplify.</p></li></ol>`,
          },
        ],
      },
      {
        title: 'Word Problems',
        grade: '4',
        categories: ['Word Problems', 'Operations'],
        sections: [
          {
            title: 'Read, plan, solve, check',
            content: html`<h2>Four steps for any word problem</h2>
<ol><li><p><strong>Read</strong> it twice and underline what is asked.</p></li><li><p><strong>Plan</strong>: which operation fits? "Altogether" often means add; "how many more" means subtract.</p></li><li><p><strong>Solve</strong> with a number sentence.</p></li><li><p><strong>Check</strong> that the answer makes sense.</p></li></ol>
<p><strong>Example.</strong> Maya has $24$ stickers and gives $\frac{1}{3}$ of them to her brother. How many does she keep?</p>
<p>One third of $24$ is $24 \div 3 = 8$, so she keeps $$24 - 8 = 16 \text{ stickers.}$$</p>`,
          },
        ],
      },
    ],
  },
  {
    title: 'MAP Grade 5 Math',
    code: 'MAP-G5',
    description:
      'The NWEA MAP Growth goals for grade 5: ratios ($3:5$), area and volume ($2\\times 3\\times 4$), and the first steps of algebra.',
    units: [
      {
        title: 'Ratios and Rates',
        grade: '5',
        categories: ['Ratios', 'Proportional Reasoning'],
        sections: [
          {
            title: 'Writing ratios',
            content: html`<h2>Comparing two amounts</h2>
<p>A <strong>ratio</strong> compares two quantities. If a class has $12$ girls and $10$ boys, the ratio of girls to boys is</p>
<p>$$12 : 10 = \frac{12}{10} = \frac{6}{5}$$</p>
<p>We can write it three ways: $6:5$, $\frac{6}{5}$, or "6 to 5". Order matters: boys to girls is $5:6$.</p>
<p><strong>Equivalent ratios</strong> work like equivalent fractions: $2:3 = 4:6 = 10:15$.</p>`,
          },
          {
            title: 'Unit rates',
            content: html`<h2>How much for one?</h2>
<p>A <strong>unit rate</strong> tells how much for one unit. If $3$ notebooks cost $\$6$, one notebook costs</p>
<p>$$\frac{\$6}{3 \text{ notebooks}} = \$2 \text{ per notebook}$$</p>
<p>Unit rates make comparing easy. Which is the better buy: $5$ apples for $\$4$ or $8$ apples for $\$6$?</p>
<ul><li><p>$\$4 \div 5 = \$0.80$ per apple</p></li><li><p>$\$6 \div 8 = \$0.75$ per apple, so the bigger bag is the better buy.</p></li></ul>`,
          },
        ],
      },
      {
        title: 'Area and Volume',
        grade: '5',
        categories: ['Geometry', 'Measurement'],
        sections: [
          {
            title: 'Area of rectangles and triangles',
            content: html`<h2>Counting square units</h2>
<p>The <strong>area</strong> of a rectangle is its length times its width: $A = l \times w$. A rug $3$ m long and $4$ m wide covers $A = 3 \times 4 = 12 \text{ m}^2$.</p>
<p>A triangle is half of a rectangle with the same base and height:</p>
<p>$$A = \frac{1}{2} \times b \times h$$</p>
<p>A triangle with base $6$ cm and height $5$ cm has area $\frac{1}{2} \times 6 \times 5 = 15 \text{ cm}^2$.</p>`,
          },
          {
            title: 'Volume of boxes',
            content: html`<h2>Filling with cubes</h2>
<p>The <strong>volume</strong> of a box (a rectangular prism) counts the unit cubes that fill it: $V = l \times w \times h$.</p>
<p>A box $5$ cm long, $3$ cm wide and $2$ cm tall holds $$V = 5 \times 3 \times 2 = 30 \text{ cm}^3$$</p>
<p>Tip: the bottom layer has $5 \times 3 = 15$ cubes, and there are $2$ layers.</p>`,
          },
        ],
      },
      {
        title: 'Expressions and Equations',
        grade: '5',
        categories: ['Algebra', 'Linear Equations'],
        sections: [
          {
            title: 'Solving one-step equations',
            content: html`<h2>Keep the balance</h2>
<p>An equation is like a balanced scale. Whatever you do to one side, do to the other.</p>
<p>To solve $x + 7 = 12$, take $7$ from both sides: $$x + 7 - 7 = 12 - 7 \quad\Rightarrow\quad x = 5$$</p>
<p>To solve $4x = 20$, divide both sides by $4$: $x = \frac{20}{4} = 5$.</p>
<p><strong>Check</strong> by putting the answer back: $4 \times 5 = 20$. ✓</p>`,
          },
          {
            title: 'Two-step equations',
            content: html`<h2>Undo in reverse order</h2>
<p>In $2x + 3 = 11$, the $x$ was multiplied by $2$ and then $3$ was added. Undo the last step first:</p>
<ol><li><p>Subtract $3$: $2x = 8$</p></li><li><p>Divide by $2$: $x = 4$</p></li></ol>
<p>$$2(4) + 3 = 8 + 3 = 11 \;\checkmark$$</p>`,
          },
        ],
      },
    ],
  },
  {
    title: 'AMC 8 Foundations',
    code: 'AMC8-FOUND',
    description: 'Problem-solving foundations for the AMC 8: counting, probability and clever arithmetic.',
    units: [
      {
        title: 'Counting',
        grade: '7',
        categories: ['Counting', 'Combinatorics'],
        sections: [
          {
            title: 'The multiplication principle',
            content: html`<h2>Choices multiply</h2>
<p>If one choice can be made in $m$ ways and a second, independent choice in $n$ ways, together they can be made in $m \times n$ ways.</p>
<p><strong>Example.</strong> With $3$ shirts and $4$ pairs of shorts you can make $3 \times 4 = 12$ outfits.</p>
<p>How many three-digit numbers have all digits odd? Each digit can be $1, 3, 5, 7$ or $9$: $$5 \times 5 \times 5 = 125$$</p>`,
          },
          {
            title: 'Arrangements and factorials',
            content: html`<h2>Putting things in order</h2>
<p>The number of ways to line up $n$ different things is $n! = n \times (n-1) \times \cdots \times 2 \times 1$.</p>
<p>Four friends can stand in a line in $4! = 4 \times 3 \times 2 \times 1 = 24$ ways.</p>
<p>If we only choose $2$ of $5$ runners for gold and silver, order matters: $5 \times 4 = 20$ ways. If order does not matter (choosing a team of $2$), each pair was counted twice:</p>
<p>$$\binom{5}{2} = \frac{5 \times 4}{2} = 10$$</p>`,
          },
        ],
      },
      {
        title: 'Probability',
        grade: '8',
        categories: ['Probability', 'Counting'],
        sections: [
          {
            title: 'Probability as a fraction',
            content: html`<h2>Favorable over possible</h2>
<p>When all outcomes are equally likely, $$P(\text{event}) = \frac{\text{favorable outcomes}}{\text{possible outcomes}}$$</p>
<p>Rolling a fair die, the chance of an even number is $\frac{3}{6} = \frac{1}{2}$.</p>
<p>Rolling two dice there are $6 \times 6 = 36$ outcomes; a sum of $7$ happens $6$ ways, so $P(7) = \frac{6}{36} = \frac{1}{6}$.</p>`,
          },
        ],
      },
    ],
  },
];

export async function seedDemoCourses(db: Db, createdBy: string | null = null): Promise<void> {
  const existing = await db
    .select({ code: courses.code })
    .from(courses)
    .where(
      inArray(
        courses.code,
        DEMO_COURSES.map((c) => c.code),
      ),
    );
  const have = new Set(existing.map((c) => c.code));
  for (const course of DEMO_COURSES.filter((c) => !have.has(c.code))) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({ title: course.title, code: course.code, description: course.description, createdBy })
        .returning({ id: courses.id });
      for (const [u, unit] of course.units.entries()) {
        const [unitRow] = await tx
          .insert(units)
          .values({
            courseId: row.id,
            title: unit.title,
            unitNumber: u + 1,
            grade: unit.grade,
            categories: unit.categories,
          })
          .returning({ id: units.id });
        await tx.insert(sections).values(
          unit.sections.map((s, i) => ({
            unitId: unitRow.id,
            title: s.title,
            sectionNumber: i + 1,
            grade: unit.grade,
            content: sanitizeRichText(s.content.replace(/\n/g, '')),
          })),
        );
      }
    });
  }
}
