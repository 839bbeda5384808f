import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openPglite } from '../server/db/client';
import {
  classCourses,
  classes,
  classStudents,
  classTeachers,
  courses,
  profiles,
  sections,
  units,
  users,
} from '../server/db/schema';
import { hashPassword } from '../server/lib/crypto';

export const CLASS_PASSWORD = 'Class-pass1!';

export interface ClassAcademy {
  base: string;
  teacher: { email: string };
  student: { email: string; id: string };
  classId: string;
  className: string;
  sectionTitle: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * An academy of its own with a class in it: a teacher, a student of the class and a course given to it, written
 * straight into a fresh embedded database before its server starts (the shared server's database is its own while
 * it runs, and classes are made through their own screens elsewhere).
 */
export async function startClassAcademy(): Promise<ClassAcademy> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-class-'));
  const database = await openPglite(dataDir);
  const db = database.db;
  const passwordHash = await hashPassword(CLASS_PASSWORD);
  const person = async (type: 'teacher' | 'student', email: string, firstName: string, lastName: string) => {
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash, type, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    await db.insert(profiles).values({
      userId: row.id,
      firstName,
      lastName,
      ...(type === 'student' ? { gradeLevel: '6', school: 'Riverside Middle' } : {}),
    });
    return row.id;
  };
  const teacherId = await person('teacher', 'rivera@class.academy', 'Ana', 'Rivera');
  const studentId = await person('student', 'kim@class.academy', 'Jo', 'Kim');
  const [course] = await db
    .insert(courses)
    .values({ title: 'Ratios & Rates', code: 'RR-6', description: 'Grade 6' })
    .returning({ id: courses.id });
  const [unit] = await db
    .insert(units)
    .values({ courseId: course.id, title: 'Ratios', unitNumber: 1, grade: '6' })
    .returning({ id: units.id });
  const sectionTitle = 'Equivalent ratios';
  await db.insert(sections).values([
    { unitId: unit.id, title: sectionTitle, sectionNumber: 1, grade: '6', content: '<p>Ratios</p>' },
    { unitId: unit.id, title: 'Unit rates', sectionNumber: 2, grade: '6' },
  ]);
  const className = 'Period 2 <Math> & "Co"';
  const [klass] = await db.insert(classes).values({ name: className }).returning({ id: classes.id });
  await db.insert(classTeachers).values({ classId: klass.id, teacherId });
  await db.insert(classStudents).values({ classId: klass.id, studentId });
  await db.insert(classCourses).values({ classId: klass.id, courseId: course.id });
  await database.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
  return {
    base,
    teacher: { email: 'rivera@class.academy' },
    student: { email: 'kim@class.academy', id: studentId },
    classId: klass.id,
    className,
    sectionTitle,
    async stop() {
      server.kill();
      await new Promise((resolve) => setTimeout(resolve, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
