import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { MASTERY_MESSAGES as M } from '../common/rules/mastery';
import { skillName } from '../common/rules/skills';
import type { StudentSkill } from '../common/schemas/mastery';
import { encodeChoices } from '../common/answers/wire';
import { ADMIN, apiAs, DEMO_PASSWORD, ok, readCode, saveTest, signIn, uniqueEmail } from './helpers';

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

/** A student's cell in a skill's column of a class's heat map (the region), once the table is shown. */
async function heatCell(heat: Locator, className: string, name: string, student: string): Promise<Locator> {
  const table = heat.getByRole('table', { name: `Skill levels of ${className}` });
  await expect(table).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((h) => h.startsWith(name) && !h.startsWith(`${name}:`));
  expect(column, `a column for ${name} among ${headers.join(', ')}`).toBeGreaterThan(0);
  const row = table.getByRole('row').filter({ has: heat.page().getByRole('rowheader', { name: student }) });
  return row.getByRole('cell').nth(column - 1);
}

test("a right first try moves a skill's level on the student's Progress, the parent's report and a class's heat map", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(playwright.request, baseURL, ADMIN);
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
    await expect(await heatCell(heat, className, name, 'Leo Chen')).toHaveText(after.label);
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

interface BankQuestion {
  id: string;
  focusNames: string[];
  categoryNames: string[];
  answer: { a1: string[] };
  options: Record<string, string>;
}

/** Whether a question practices a skill: it carries the skill's focus area, and its category when it names one. */
const practices = (q: BankQuestion, skill: StudentSkill) =>
  q.focusNames.includes(skill.focusArea) && (skill.category === null || q.categoryNames.includes(skill.category));

/**
 * A skill the student can bring to Proficient with three right first tries: three single-answer multiple-choice
 * exercises of their open sections that practice it, and two other single-answer multiple-choice questions of the
 * bank that practice it too, for a test (the exercises again when the bank has no others).
 */
async function skillToMaster(admin: APIRequestContext, student: APIRequestContext) {
  const { questions: bank } = await ok<{ questions: BankQuestion[] }>(
    await admin.get('/api/questions?type=Multiple%20Choice&limit=500'),
  );
  const single = new Map(bank.filter((q) => q.answer.a1.length === 1).map((q) => [q.id, q]));
  const { skills } = await ok<{ skills: StudentSkill[] }>(await student.get('/api/student/skills'));
  const { courses } = await ok<{ courses: Array<{ id: string }> }>(await student.get('/api/student/courses'));
  const exercises: BankQuestion[] = [];
  for (const course of courses) {
    const detail = await ok<{
      units: Array<{ sections: Array<{ hasAccess: boolean; exercises?: string[] }> }>;
    }>(await student.get(`/api/student/courses/${course.id}`));
    for (const section of detail.units.flatMap((u) => u.sections).filter((s) => s.hasAccess))
      for (const id of section.exercises ?? []) if (single.has(id)) exercises.push(single.get(id)!);
  }
  for (const skill of skills) {
    const mine = [...new Map(exercises.filter((q) => practices(q, skill)).map((q) => [q.id, q])).values()];
    if (mine.length < 3) continue;
    const practiced = mine.slice(0, 3);
    const others = [...single.values()].filter((q) => practices(q, skill) && !practiced.includes(q));
    return { skill, practiced, tested: [...others, ...practiced].slice(0, 2) };
  }
  throw new Error('no skill with three single-answer multiple-choice exercises open to the student');
}

/** A saved test of the questions (a mark each) by the teacher, given to the student; its name. */
async function giveTest(teacher: APIRequestContext, studentId: string, questions: BankQuestion[], release: string) {
  const name = `Mastery check ${Date.now()}`;
  const testId = await saveTest(
    teacher,
    name,
    questions.map((q) => q.id),
  );
  await ok(await teacher.post(`/api/tests/${testId}/assign`, { data: { studentIds: [studentId], release } }));
  return { testId, name };
}

test('a right test answer makes a Proficient skill Mastered on Progress, the parent report and the heat map; a wrong one lowers it', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await apiAs(playwright.request, baseURL, ADMIN);
  const parentContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const teacherContext = await browser.newContext();
  const teacher = teacherContext.request;
  let classId: string | undefined;
  try {
    // A new family, so no other spec's answers move the levels: a parent signs up and makes their child's account.
    const parentEmail = uniqueEmail('mastery-parent');
    const password = 'Mastery-pass1!';
    // Signed up apart from the parent's browser, which signs in through the page later.
    const parentApi = await playwright.request.newContext({ baseURL });
    await ok(await parentApi.post('/api/auth/signup', { data: { email: parentEmail } }));
    await ok(
      await parentApi.post('/api/auth/verify-otp', { data: { email: parentEmail, otp: await readCode(parentEmail) } }),
    );
    await ok(
      await parentApi.post('/api/users/complete-profile', {
        data: {
          email: parentEmail,
          password,
          type: 'parent',
          extra_field: {
            first_name: 'Rosa',
            last_name: 'Ortiz',
            phone_number: '(555) 010-4455',
            address: '9 Elm Street',
          },
        },
      }),
    );
    const childEmail = uniqueEmail('mastery-child');
    const { child } = await ok<{ child: { id: string } }>(
      await parentApi.post('/api/parent/children', {
        data: {
          first_name: 'Maya',
          last_name: 'Ortiz',
          grade_level: '6',
          school: 'Hill School',
          birthday: '2014-03-01',
          email: childEmail,
          password,
        },
      }),
    );
    await parentApi.dispose();

    // The demo teacher makes a class with the demo courses; the child joins it by its code.
    const teacherPage = await teacherContext.newPage();
    await signIn(teacherPage, 'teacher@demo.academy', DEMO_PASSWORD);
    const className = `Mastery class ${Date.now()}`;
    const made = await ok<{ class: { id: string } }>(
      await teacher.post('/api/classes', { data: { name: className, subject: 'Mathematics', grade: '6' } }),
    );
    classId = made.class.id;
    // The demo student's courses: the demo catalogue's, whose exercises practice the skills.
    const leo = await apiAs(playwright.request, baseURL, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const { courses } = await ok<{ courses: Array<{ id: string }> }>(await leo.get('/api/student/courses'));
    await leo.dispose();
    for (const course of courses)
      await ok(await teacher.post(`/api/classes/${classId}/courses`, { data: { courseId: course.id } }));
    const { joinCode } = await ok<{ joinCode: string }>(await teacher.post(`/api/classes/${classId}/join-code`));
    const student = await studentContext.newPage();
    await signIn(student, childEmail, password);
    await ok(await student.request.post('/api/student/classes/join', { data: { code: joinCode } }));

    // Three right first tries, checked through the API as the exercise page checks them: Proficient.
    const { skill, practiced, tested } = await skillToMaster(admin, student.request);
    const name = nameOf(skill);
    for (const q of practiced) {
      const checked = await ok<{ result: { isCorrect: boolean } }>(
        await student.request.post('/api/questions/check-answer', {
          data: { questionId: q.id, studentAnswer: encodeChoices(q.answer.a1) },
        }),
      );
      expect(checked.result.isCorrect).toBe(true);
    }
    const levelOf = async () =>
      (await ok<{ skills: StudentSkill[] }>(await student.request.get('/api/student/skills'))).skills.find(
        (k) => k.skillId === skill.skillId,
      )?.label;
    await expect.poll(levelOf).toBe('Proficient');
    const sidebar = student.getByRole('complementary', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Progress' }).click();
    const mine = student.getByRole('region', { name: 'Skills', exact: true });
    await expect(skillRow(mine, skill)).toContainText('Proficient');

    // The teacher gives a test of the skill's questions; the child sits it in the browser and answers right.
    const first = await giveTest(teacher, child.id, tested, 'manual');
    await sidebar.getByRole('link', { name: 'Assignments' }).click();
    await student
      .getByRole('listitem')
      .filter({ hasText: first.name })
      .getByRole('link', { name: 'Start test' })
      .click();
    await expect(student.getByRole('heading', { name: first.name })).toBeVisible();
    for (const [i, q] of tested.entries()) {
      await student.getByRole('button', { name: `Question ${i + 1}, not answered` }).click();
      await student.getByLabel(`Option ${q.answer.a1[0]}`, { exact: true }).check();
      await expect(student.getByRole('button', { name: `Question ${i + 1}, answered` })).toBeVisible();
    }
    await expect(student.getByText('Saved', { exact: true })).toBeVisible();
    await student.getByRole('button', { name: 'Submit test' }).click();
    await student.getByRole('dialog').getByRole('button', { name: 'Submit test' }).click();
    await expect(student.getByRole('heading', { name: 'Test submitted' })).toBeVisible();
    // The results wait for the teacher's release; then the child reads them.
    await ok(await teacher.post(`/api/tests/${first.testId}/release`));
    await student.reload();
    await expect(student.getByRole('heading', { name: `${first.name}: your result` })).toBeVisible();
    await expect(student.getByText(`${tested.length} / ${tested.length} marks (100%)`)).toBeVisible();

    // Mastered on the child's Progress (the keeper counts the sitting before the read)...
    await student.goto('/dashboard?section=progress');
    await expect(skillRow(mine, skill)).toContainText('Mastered');
    await shoot(student, 'mastered-student', mine);

    // ...on the parent's report of the child...
    const parent = await parentContext.newPage();
    await signIn(parent, parentEmail, password);
    await parent.getByRole('link', { name: 'View Student Progress' }).click();
    const report = parent.getByRole('region', { name: 'Progress report of Maya Ortiz' });
    const theirs = report.getByRole('region', { name: 'Skills', exact: true });
    await expect(skillRow(theirs, skill)).toContainText('Mastered');
    await shoot(parent, 'mastered-parent', theirs);

    // ...and in the class's heat map.
    await teacherPage.goto(`/classes/${classId}`);
    await teacherPage.getByRole('tab', { name: 'Skills' }).click();
    const heat = teacherPage.getByRole('region', { name: 'Skills', exact: true });
    await expect(await heatCell(heat, className, name, 'Maya Ortiz')).toHaveText('Mastered');
    await shoot(teacherPage, 'mastered-class', heat);

    // A wrong answer on the next test (sat through the API) lowers Mastered to Proficient, on every screen.
    const second = await giveTest(teacher, child.id, tested.slice(0, 1), 'on-submit');
    const { tests } = await ok<{ tests: Array<{ testId: string; assignmentId: string }> }>(
      await student.request.get('/api/student/tests'),
    );
    const given = tests.find((x) => x.testId === second.testId)!;
    const { attempt } = await ok<{ attempt: { id: string } }>(
      await student.request.post(`/api/student/tests/${given.assignmentId}/start`),
    );
    const wrong = Object.keys(tested[0].options).find((letter) => letter !== tested[0].answer.a1[0])!;
    await ok(
      await student.request.put(`/api/student/attempts/${attempt.id}/answers/${tested[0].id}`, {
        data: { answer: wrong },
      }),
    );
    await ok(await student.request.post(`/api/student/attempts/${attempt.id}/submit`));
    await expect.poll(levelOf).toBe('Proficient');
    await student.reload();
    await expect(skillRow(mine, skill)).toContainText('Proficient');
    await parent.reload();
    await expect(skillRow(theirs, skill)).toContainText('Proficient');
    await teacherPage.reload();
    await teacherPage.getByRole('tab', { name: 'Skills' }).click();
    await expect(await heatCell(heat, className, name, 'Maya Ortiz')).toHaveText('Proficient');
  } finally {
    if (classId) await teacher.delete(`/api/classes/${classId}`);
    await parentContext.close();
    await studentContext.close();
    await teacherContext.close();
    await admin.dispose();
  }
});
