import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MASTERY_MESSAGES as M } from '../common/rules/mastery';
import { skillName } from '../common/rules/skills';
import type { StudentSkill } from '../common/schemas/mastery';
import { ADMIN, DEMO_PASSWORD, ok, signIn } from './helpers';

/** A right first try moves a skill's level, and the student, their parent and a teacher of theirs read the same. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-skills';

/** The whole page and the card itself, at a desktop's width and a phone's. */
async function shoot(page: Page, name: string, card: Locator) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/${name}-card-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Exercise {
  courseName: string;
  unit: string;
  section: string;
  position: number;
  option: string;
  skill: StudentSkill;
}

/**
 * A multiple-choice exercise the demo student has never checked, in a section open to them, and a skill it practices,
 * one the student has not started when there is one (other specs have the demo student answer too).
 */
async function untriedExercise(admin: APIRequestContext, student: APIRequestContext): Promise<Exercise> {
  const bank = await ok<{
    questions: Array<{ id: string; focusNames: string[]; categoryNames: string[]; answer: { a1: string[] } }>;
  }>(await admin.get('/api/questions?type=Multiple%20Choice&limit=500'));
  const { skills } = await ok<{ skills: StudentSkill[] }>(await student.get('/api/student/skills'));
  const { courses } = await ok<{ courses: Array<{ id: string; name: string }> }>(
    await student.get('/api/student/courses'),
  );
  const found: Exercise[] = [];
  for (const course of courses) {
    const detail = await ok<{
      units: Array<{
        title: string;
        unitNumber: number;
        sections: Array<{ id: string; title: string; sectionNumber: number; hasAccess: boolean; exercises?: string[] }>;
      }>;
    }>(await student.get(`/api/student/courses/${course.id}`));
    for (const unit of detail.units)
      for (const section of unit.sections.filter((s) => s.hasAccess && s.exercises?.length)) {
        const progress = await ok<{ questions: Array<{ questionId: string; tries: number }> }>(
          await student.get(`/api/student/sections/${section.id}/progress`),
        );
        section.exercises!.forEach((id, i) => {
          const question = bank.questions.find((q) => q.id === id && q.answer.a1.length === 1);
          if (!question || progress.questions.some((p) => p.questionId === id && p.tries > 0)) return;
          for (const skill of skills)
            if (
              question.focusNames.includes(skill.focusArea) &&
              (skill.category === null || question.categoryNames.includes(skill.category))
            )
              found.push({
                courseName: course.name,
                unit: `Unit ${unit.unitNumber}: ${unit.title}`,
                section: `${unit.unitNumber}.${section.sectionNumber} ${section.title}`,
                position: i + 1,
                option: question.answer.a1[0],
                skill,
              });
        });
      }
  }
  const picked = found.find((f) => f.skill.level === 0) ?? found[0];
  expect(picked, 'an unchecked multiple-choice exercise of the demo student that practices a skill').toBeTruthy();
  return picked;
}

const nameOf = (skill: StudentSkill) => skillName(skill.focusArea, skill.category);

/** A skill's row in a Skills card: the one whose name is exactly the skill's. */
const skillRow = (card: Locator, skill: StudentSkill) =>
  card.getByRole('listitem').filter({ has: card.page().getByText(nameOf(skill), { exact: true }) });

test("a right first try moves a skill's level on the student's Progress, the parent's report and a class's heat map", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const studentContext = await browser.newContext();
  const parentContext = await browser.newContext();
  const teacherContext = await browser.newContext();
  let classId: string | undefined;
  const teacher = teacherContext.request;
  try {
    const student = await studentContext.newPage();
    await signIn(student, 'student@demo.academy', DEMO_PASSWORD);
    const exercise = await untriedExercise(admin, student.request);
    const before = exercise.skill;
    const name = nameOf(before);

    // Before: the skill's level and first tries as the server counts them.
    const sidebar = student.getByRole('complementary', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Progress' }).click();
    const mine = student.getByRole('region', { name: 'Skills', exact: true });
    await expect(mine.getByRole('list', { name: 'Skills' })).toBeVisible();
    await expect(skillRow(mine, before)).toContainText(before.label);
    await expect(skillRow(mine, before)).toContainText(
      before.firstTries === 0 ? 'No first tries yet' : `${before.firstTriesRight} of ${before.firstTries} first`,
    );
    await shoot(student, 'student-before', mine);

    // The student answers the exercise right at the first try.
    await sidebar.getByRole('link', { name: 'My Courses' }).click();
    await student.getByRole('button', { name: `View Course ${exercise.courseName}` }).click();
    await student.getByRole('button', { name: exercise.unit }).click();
    await student.getByRole('button', { name: exercise.section }).click();
    await student.getByRole('tab', { name: /Exercises/ }).click();
    const card = student.getByRole('listitem', { name: `Question ${exercise.position}` });
    await card.getByLabel(`Option ${exercise.option}`).check();
    await card.getByRole('button', { name: 'Check Answer' }).click();
    await expect(card.getByText('Correct!', { exact: true })).toBeVisible();
    await expect(card.getByText('Solved on the first try')).toBeVisible();

    // After: one more first try, right, and the level the rule gives; from Not started that is Attempted.
    const { skills } = await ok<{ skills: StudentSkill[] }>(await student.request.get('/api/student/skills'));
    const after = skills.find((s) => s.skillId === before.skillId)!;
    expect(after).toMatchObject({ firstTries: before.firstTries + 1, firstTriesRight: before.firstTriesRight + 1 });
    if (before.level === 0) expect(after.label).toBe('Attempted');
    const counts = `${after.firstTriesRight} of ${after.firstTries} ${after.firstTries === 1 ? 'first try' : 'first tries'} right`;
    await sidebar.getByRole('link', { name: 'Progress' }).click();
    await expect(skillRow(mine, after)).toContainText(after.label);
    await expect(skillRow(mine, after)).toContainText(counts);
    await expect(skillRow(mine, after)).toContainText(/Review (due|on \w{3} \d{1,2})/);
    await shoot(student, 'student-after', mine);

    // The parent reads the same on their report of the child.
    const parent = await parentContext.newPage();
    await signIn(parent, 'parent@demo.academy', DEMO_PASSWORD);
    await parent.getByRole('link', { name: 'View Student Progress' }).click();
    const report = parent.getByRole('region', { name: 'Progress report of Leo Chen' });
    const theirs = report.getByRole('region', { name: 'Skills', exact: true });
    await expect(skillRow(theirs, after)).toContainText(after.label);
    await expect(skillRow(theirs, after)).toContainText(counts);
    await shoot(parent, 'parent', theirs);

    // A teacher of the student makes a class of them: without a course it practices no skill, then with the course
    // the heat map shows the student's level in its column.
    const page = await teacherContext.newPage();
    await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
    const found = await ok<{ students: Array<{ id: string; email: string }> }>(
      await teacher.get('/api/teacher/students?q=student@demo.academy'),
    );
    const leo = found.students.find((s) => s.email === 'student@demo.academy')!;
    const className = `Skills class ${Date.now()}`;
    const made = await ok<{ class: { id: string } }>(
      await teacher.post('/api/classes', { data: { name: className, subject: 'Mathematics', grade: '5' } }),
    );
    classId = made.class.id;
    await ok(await teacher.post(`/api/classes/${classId}/students`, { data: { studentIds: [leo.id] } }));
    await page.goto(`/classes/${classId}`);
    await page.getByRole('tab', { name: 'Skills' }).click();
    const heat = page.getByRole('region', { name: 'Skills', exact: true });
    await expect(heat.getByText(M.noClassSkills)).toBeVisible();

    const courses = await ok<{ courses: Array<{ id: string; name: string }> }>(
      await student.request.get('/api/student/courses'),
    );
    const courseId = courses.courses.find((c) => c.name === exercise.courseName)!.id;
    await ok(await teacher.post(`/api/classes/${classId}/courses`, { data: { courseId } }));
    await page.reload();
    const table = heat.getByRole('table', { name: `Skill levels of ${className}` });
    await expect(table).toBeVisible();
    const headers = await table.getByRole('columnheader').allTextContents();
    const column = headers.findIndex((h) => h.startsWith(name) && !h.startsWith(`${name}:`));
    expect(column, `a column for ${name} among ${headers.join(', ')}`).toBeGreaterThan(0);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Leo Chen' }) });
    await expect(row.getByRole('cell').nth(column - 1)).toHaveText(after.label);
    await expect(heat.getByRole('list', { name: `Legend of Skill levels of ${className}` })).toContainText(
      'Not startedAttemptedFamiliarProficientMastered',
    );
    await shoot(page, 'class', heat);

    // The teacher's page of the student's work lists the same level.
    await page.goto(`/students/${leo.id}/work`);
    const work = page.getByRole('region', { name: 'Skills', exact: true });
    await expect(skillRow(work, after)).toContainText(after.label);
    await expect(skillRow(work, after)).toContainText(counts);
    await shoot(page, 'student-work', work);
    await page.goto(`/classes/${classId}`);
    await page.getByRole('tab', { name: 'Skills' }).click();

    // On a phone the grid scrolls inside its frame; the page itself does not.
    await page.setViewportSize({ width: 375, height: 800 });
    const frame = heat.getByRole('region', { name: `Skill levels of ${className}, scrolls sideways` });
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    if (classId) await teacher.delete(`/api/classes/${classId}`);
    await studentContext.close();
    await parentContext.close();
    await teacherContext.close();
    await admin.dispose();
  }
});
