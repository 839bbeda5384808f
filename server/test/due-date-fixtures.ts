import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { classCourses, classes, classHeldSections, classStudents, classTeachers, classTests } from '../db/schema';

/**
 * A class straight into the database, for the due-date tests: its teachers, students and courses. The classes API is
 * its own module; these tests need only the rows.
 */
export async function buildClass(
  db: Db,
  options: {
    name?: string;
    teachers?: string[];
    students?: string[];
    courses?: string[];
    heldSections?: string[];
  } = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? `Class ${randomBytes(3).toString('hex')}`;
  const [row] = await db.insert(classes).values({ name }).returning({ id: classes.id });
  const classId = row.id;
  if (options.teachers?.length)
    await db.insert(classTeachers).values(options.teachers.map((teacherId) => ({ classId, teacherId })));
  if (options.students?.length)
    await db.insert(classStudents).values(options.students.map((studentId) => ({ classId, studentId })));
  if (options.courses?.length)
    await db.insert(classCourses).values(options.courses.map((courseId) => ({ classId, courseId })));
  if (options.heldSections?.length)
    await db.insert(classHeldSections).values(options.heldSections.map((sectionId) => ({ classId, sectionId })));
  return { id: classId, name };
}

/** A saved test given to a class with a window (the class's row only: the calendar of its teachers reads it). */
export async function giveClassTest(
  db: Db,
  classId: string,
  testId: string,
  opensAt: Date | null,
  closesAt: Date | null,
) {
  await db.insert(classTests).values({ classId, testId, opensAt, closesAt });
}
