/**
 * Accounts as the admin manages them: the paged users table with its stat
 * cards, Edit Information and the status toggle, deletion, registration of the four types and the CSV import.
 * Every change that touches a signed-in account announces it (sessions/cache.ts), so every instance forgets it.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { USER_MESSAGES, USER_TYPE_LABELS, USER_TYPES, type UserType } from '../../../common/rules';
import type {
  AdminUser,
  CsvStudentRow,
  ImportReply,
  ImportRowResult,
  RegisterInput,
  userUpdateBody,
  UsersReply,
  usersQuery,
} from '../../../common/schemas/users';
import { csvStudentRow } from '../../../common/schemas/users';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { emailCodes, parentStudents, profiles, sessions, teacherStudents, users } from '../../db/schema';
import { hashPassword, newToken } from '../../lib/crypto';
import { Conflict, Invalid, isUniqueViolation, NotFound } from '../../lib/errors';
import { welcomeMail } from '../../lib/mail';
import { apiType, dbType } from '../../lib/roles';
import { announceUserChange } from '../sessions/cache';
import { endAllSessions } from '../sessions/store';
import type { Memo } from '../../lib/kept/stores';
import type { ProfileRow, UserRow } from './present';

type Actor = { id: string };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The words a search may use for a type: "data entry" finds data-entry users. */
const TYPE_WORDS: Record<UserType, string[]> = {
  student: ['student'],
  parent: ['parent'],
  teacher: ['teacher'],
  admin: ['admin'],
  'data-entry': ['data-entry', 'data entry', 'dataentry', 'data_entry'],
};

// ---- presenting ----

function present(
  user: UserRow | Pick<UserRow, 'id' | 'email' | 'type' | 'status' | 'createdAt' | 'updatedAt'>,
  p: ProfileRow | null,
  linked: AdminUser['students'],
): AdminUser {
  return {
    id: user.id,
    first_name: p?.firstName ?? '',
    last_name: p?.lastName ?? '',
    email: user.email,
    phone_number: p?.phoneNumber ?? null,
    type: apiType(user.type),
    status: user.status,
    specialization: p?.specialization ?? null,
    grade: p?.gradeLevel ?? null,
    school: p?.school ?? null,
    address: p?.address ?? null,
    gender: p?.gender ?? null,
    date_of_birth: p?.birthday ?? null,
    department: p?.department ?? null,
    student_name: p?.studentName ?? null,
    student_grade: p?.studentGrade ?? null,
    student_ids: linked.map((s) => s.id),
    students: linked,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** The students linked to each of the given teachers and parents, by their id. */
async function linkedStudents(db: Db, ownerIds: string[]): Promise<Map<string, AdminUser['students']>> {
  const byOwner = new Map<string, AdminUser['students']>();
  if (ownerIds.length === 0) return byOwner;
  const student = { id: users.id, email: users.email, firstName: profiles.firstName, lastName: profiles.lastName };
  const [taught, children] = await Promise.all([
    db
      .select({ owner: teacherStudents.teacherId, ...student })
      .from(teacherStudents)
      .innerJoin(users, eq(users.id, teacherStudents.studentId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(teacherStudents.teacherId, ownerIds)),
    db
      .select({ owner: parentStudents.parentId, ...student })
      .from(parentStudents)
      .innerJoin(users, eq(users.id, parentStudents.studentId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(parentStudents.parentId, ownerIds)),
  ]);
  for (const row of [...taught, ...children]) {
    const list = byOwner.get(row.owner) ?? [];
    list.push({
      id: row.id,
      email: row.email,
      name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.email,
    });
    byOwner.set(row.owner, list);
  }
  for (const list of byOwner.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return byOwner;
}

export async function adminUserById(db: Db, id: string): Promise<AdminUser> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw NotFound(USER_MESSAGES.userNotFound);
  const linked = await linkedStudents(db, [id]);
  return present(row.user, row.profile, linked.get(id) ?? []);
}

// ---- the users table ----

/** The stat cards: every account, whatever the filters (one pass over the (type, status) index), kept until accounts change. */
async function userStats(db: Db, memo: Memo<Record<string, number>>): Promise<UsersReply['stats']> {
  const kept = await memo.remember('', () => countByType(db));
  return kept as UsersReply['stats'];
}

async function countByType(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ type: users.type, status: users.status, n: count() })
    .from(users)
    .groupBy(users.type, users.status);
  const stats = { total: 0, teachers: 0, dataEntry: 0, parents: 0, students: 0, active: 0 };
  const key = {
    teacher: 'teachers',
    data_entry: 'dataEntry',
    parent: 'parents',
    student: 'students',
    admin: null,
  } as const;
  for (const row of rows) {
    stats.total += row.n;
    if (row.status === 'active') stats.active += row.n;
    const k = key[row.type];
    if (k) stats[k] += row.n;
  }
  return stats;
}

/**
 * One page of users, newest first, with the filters applied by the database so the paging is right: `q` matches
 * the e-mail, the full name and the phone as a substring (trigram indexes, migration 0005) and the type's name.
 */
export async function listUsers(ctx: AppContext, query: z.output<typeof usersQuery>): Promise<UsersReply> {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(users.type, dbType(query.type)));
  if (query.status) conditions.push(eq(users.status, query.status));
  const q = query.q?.toLowerCase();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    // Each branch is served by its own trigram index; the union keeps the planner from scanning users.
    const text = sql`"users"."id" in (select "p"."user_id" from "profiles" "p" where "p"."search_text" like ${pattern} union select "u"."id" from "users" "u" where "u"."email" like ${pattern})`;
    const types = USER_TYPES.filter((t) => TYPE_WORDS[t].some((word) => word.includes(q))).map(dbType);
    conditions.push(
      types.length
        ? sql`(${text} or "users"."type" in (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )}))`
        : text,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const filterKey = JSON.stringify([query.type ?? null, query.status ?? null, q ?? null]);
  const [stats, counted, rows] = await Promise.all([
    userStats(ctx.db, ctx.memos.userCounts),
    where
      ? ctx.memos.userCounts.remember(filterKey, async () => ({
          n: (await ctx.db.select({ n: count() }).from(users).where(where))[0].n,
        }))
      : null,
    ctx.db
      .select({ user: users, profile: profiles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  const total = counted ? counted.n : stats.total;
  const owners = rows.filter((r) => r.user.type === 'teacher' || r.user.type === 'parent').map((r) => r.user.id);
  const linked = await linkedStudents(ctx.db, owners);
  return {
    users: rows.map((r) => present(r.user, r.profile, linked.get(r.user.id) ?? [])),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit },
    stats,
  };
}

// ---- rules shared by edit, deactivate and delete ----

/** The advisory lock removals of accounts take turns under ("usrm" in ASCII). */
const REMOVALS_LOCK = 0x7573726d;

/**
 * Deactivating and deleting accounts take turns, before either locks its target: two admins removing each other
 * would otherwise each lock one admin and wait for the other's (a deadlock, which PostgreSQL ends by failing one).
 */
async function takeRemovalTurn(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REMOVALS_LOCK})`);
}

/**
 * An admin cannot deactivate or delete themselves, nor the last active admin. The active admins are locked, so
 * two admins removing each other at once cannot both succeed. Callers take their removal turn first.
 */
async function guardRemoval(tx: Tx, actor: Actor, target: Pick<UserRow, 'id' | 'type' | 'status'>): Promise<void> {
  if (target.id === actor.id) throw Conflict(USER_MESSAGES.notSelf);
  if (target.type !== 'admin' || target.status !== 'active') return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'admin'), eq(users.status, 'active')))
    .for('update');
  if (admins.filter((a) => a.id !== target.id).length === 0) throw Conflict(USER_MESSAGES.lastAdmin);
}

/** The ids must all be student accounts. */
async function checkStudents(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const [found] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.type, 'student')));
  if (found.n !== ids.length) throw Invalid(USER_MESSAGES.notAStudent);
}

/** Replaces a teacher's students or a parent's children. */
async function setLinks(tx: Tx, owner: { id: string; type: UserRow['type'] }, ids: string[]): Promise<void> {
  if (owner.type !== 'teacher' && owner.type !== 'parent') {
    if (ids.length > 0) throw Invalid('Only teachers and parents have linked students');
    return;
  }
  await checkStudents(tx, ids);
  if (owner.type === 'teacher') {
    await tx.delete(teacherStudents).where(eq(teacherStudents.teacherId, owner.id));
    if (ids.length)
      await tx.insert(teacherStudents).values(ids.map((studentId) => ({ teacherId: owner.id, studentId })));
  } else {
    await tx.delete(parentStudents).where(eq(parentStudents.parentId, owner.id));
    if (ids.length) await tx.insert(parentStudents).values(ids.map((studentId) => ({ parentId: owner.id, studentId })));
  }
}

async function emailTaken(tx: Tx, email: string, except?: string): Promise<boolean> {
  // E-mails are stored lower-cased (emailField), so the unique index keeps them unique ignoring case.
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return !!row && row.id !== except;
}

// ---- edit and status ----

/**
 * Edit Information and the status toggle. Specialization is kept for teachers, grade and school for students.
 * Deactivating or changing the e-mail ends the user's sessions on every instance; any other change makes every
 * instance read the account again.
 */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: z.output<typeof userUpdateBody>,
): Promise<AdminUser> {
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      if (input.status === 'inactive') await takeRemovalTurn(tx);
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!target) throw NotFound(USER_MESSAGES.userNotFound);
      const deactivating = input.status === 'inactive' && target.status === 'active';
      if (deactivating) await guardRemoval(tx, actor, target);
      const emailChanged = input.email !== undefined && input.email !== target.email;
      if (emailChanged && (await emailTaken(tx, input.email!, id))) throw Conflict(USER_MESSAGES.emailTaken);

      await tx
        .update(users)
        .set({
          updatedAt: now,
          ...(emailChanged ? { email: input.email, emailVerifiedAt: null } : {}),
          ...(input.status ? { status: input.status } : {}),
        })
        .where(eq(users.id, id));

      const values: Partial<typeof profiles.$inferInsert> = {};
      if (input.first_name !== undefined) values.firstName = input.first_name;
      if (input.last_name !== undefined) values.lastName = input.last_name;
      if (input.phone_number !== undefined) values.phoneNumber = input.phone_number;
      if (input.address !== undefined) values.address = input.address;
      if (input.department !== undefined) values.department = input.department;
      if (target.type === 'teacher' && input.specialization !== undefined) values.specialization = input.specialization;
      if (target.type === 'student' && input.grade !== undefined) values.gradeLevel = input.grade;
      if (target.type === 'student' && input.school !== undefined) values.school = input.school;
      if (Object.keys(values).length) {
        await tx
          .insert(profiles)
          .values({ userId: id, ...values })
          .onConflictDoUpdate({ target: profiles.userId, set: values });
      }
      if (input.student_ids !== undefined) await setLinks(tx, target, input.student_ids);

      if (deactivating || emailChanged) await endAllSessions(tx, id);
      else await announceUserChange(tx, id);
    });
  } catch (error) {
    // Two admins giving two accounts the same e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw Conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
  ctx.sessionCache.evictUser(id);
  return adminUserById(ctx.db, id);
}

// ---- delete ----

/**
 * Removes an account in one transaction: its sessions, e-mail codes, links, assignments and attempts go with it
 * (the foreign keys cascade), and what it authored (courses, units, sections, questions, tests) stays, its author
 * emptied (`on delete set null`).
 */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await takeRemovalTurn(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw NotFound(USER_MESSAGES.userNotFound);
    await guardRemoval(tx, actor, target);
    await tx.delete(emailCodes).where(eq(emailCodes.email, target.email));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    await announceUserChange(tx, id);
  });
  ctx.sessionCache.evictUser(id);
}

// ---- register ----

function profileValues(input: RegisterInput): Omit<typeof profiles.$inferInsert, 'userId'> {
  const d = input.formData;
  const base = { firstName: d.first_name, lastName: d.last_name };
  switch (input.userType) {
    case 'teacher':
      return { ...base, phoneNumber: input.formData.phone_number, specialization: input.formData.specialization };
    case 'data-entry':
      return { ...base, phoneNumber: input.formData.phone_number, department: input.formData.department };
    case 'parent':
      return {
        ...base,
        phoneNumber: input.formData.phone_number,
        address: input.formData.address,
        studentName: input.formData.student_name,
        studentGrade: input.formData.student_grade,
      };
    case 'student':
      return {
        ...base,
        phoneNumber: input.formData.phone_number,
        gender: input.formData.gender,
        birthday: input.formData.date_of_birth,
        gradeLevel: input.formData.grade,
        school: input.formData.school,
        address: input.formData.address,
      };
  }
}

/** Registers one account of the four types with its links, and mails it a welcome (never the password). */
export async function registerUser(ctx: AppContext, input: RegisterInput): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.formData.password);
  const email = input.formData.email;
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (await emailTaken(tx, email)) throw Conflict(USER_MESSAGES.emailTaken);
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, type: dbType(input.userType) })
        .returning({ id: users.id, type: users.type });
      await tx.insert(profiles).values({ userId: user.id, ...profileValues(input) });
      if (input.userType === 'teacher' || input.userType === 'parent')
        await setLinks(tx, user, input.formData.student_ids);
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
  await ctx.mailer.send(
    welcomeMail(
      email,
      input.formData.first_name,
      USER_TYPE_LABELS[input.userType].toLowerCase(),
      ctx.config.publicUrl,
      false,
    ),
  );
  return adminUserById(ctx.db, id);
}

// ---- CSV import ----

interface Checked {
  result: ImportRowResult;
  data: CsvStudentRow | null;
}

/**
 * Checks every row of a class list with the student form's rules; e-mails already registered (or repeated in the
 * file) are duplicates, reported and never created. A parent e-mail that belongs to a parent links that parent;
 * a new one is created once, however many children list it.
 */
async function checkRows(db: Db, rows: Array<Record<string, unknown>>): Promise<Checked[]> {
  const checked: Checked[] = rows.map((raw, i) => {
    const parsed = csvStudentRow.safeParse(raw);
    const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '';
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      return { result: { row: i + 2, email, status: 'invalid', messages, parent: 'none' }, data: null };
    }
    return {
      result: {
        row: i + 2,
        email: parsed.data.email,
        status: 'ready',
        messages: [],
        parent: parsed.data.parent_email ? 'new' : 'none',
      },
      data: parsed.data,
    };
  });
  const emails = [
    ...new Set(
      checked.flatMap((c) => (c.data ? [c.data.email, ...(c.data.parent_email ? [c.data.parent_email] : [])] : [])),
    ),
  ];
  const existing = new Map<string, UserRow['type']>();
  for (let i = 0; i < emails.length; i += 500) {
    const found = await db
      .select({ email: users.email, type: users.type })
      .from(users)
      .where(inArray(users.email, emails.slice(i, i + 500)));
    for (const f of found) existing.set(f.email, f.type);
  }
  const studentEmails = new Set<string>();
  for (const c of checked) if (c.data) studentEmails.add(c.data.email);
  const seen = new Set<string>();
  for (const c of checked) {
    if (!c.data) continue;
    const { email, parent_email: parentEmail } = c.data;
    if (existing.has(email) || seen.has(email)) {
      c.result.status = 'duplicate';
      c.result.messages = [
        existing.has(email) ? 'An account with this email already exists.' : 'This email appears earlier in the file.',
      ];
      c.data = null;
      continue;
    }
    seen.add(email);
    if (parentEmail) {
      const type = existing.get(parentEmail);
      if ((type && type !== 'parent') || studentEmails.has(parentEmail)) {
        c.result.status = 'invalid';
        c.result.messages = ["The parent's email belongs to an account that is not a parent."];
        c.data = null;
      } else if (type === 'parent') {
        c.result.parent = 'existing';
      }
    }
  }
  return checked;
}

/** Previews (`dryRun`) or imports a class list: all valid rows in one transaction, then one welcome each. */
export async function importStudents(
  ctx: AppContext,
  rows: Array<Record<string, unknown>>,
  dryRun: boolean,
): Promise<ImportReply> {
  const checked = await checkRows(ctx.db, rows);
  const valid = checked.filter((c): c is Checked & { data: CsvStudentRow } => c.data !== null);
  const summary = (created: number, parentsCreated: number): ImportReply => ({
    message: dryRun
      ? `${valid.length} of ${rows.length} rows can be imported`
      : `${created} ${created === 1 ? 'student' : 'students'} imported${parentsCreated ? ` with ${parentsCreated} ${parentsCreated === 1 ? 'parent' : 'parents'}` : ''}`,
    created,
    parentsCreated,
    rows: checked.map((c) => c.result),
  });
  if (dryRun || valid.length === 0) return summary(0, 0);

  // Imported accounts have no password anyone knows until they choose one through "Forgot password".
  const passwordHash = await hashPassword(newToken());
  const welcomes: Array<{ email: string; firstName: string; role: string }> = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(valid.map((c) => ({ email: c.data.email, passwordHash, type: 'student' as const })))
        .returning({ id: users.id, email: users.email });
      const idOf = new Map(created.map((u) => [u.email, u.id]));
      await tx.insert(profiles).values(
        valid.map(({ data: d }) => ({
          userId: idOf.get(d.email)!,
          firstName: d.first_name,
          lastName: d.last_name,
          gender: d.gender,
          birthday: d.date_of_birth,
          gradeLevel: d.grade,
          school: d.school,
          address: d.address,
          phoneNumber: d.phone_number,
        })),
      );
      const newParents = new Map<string, CsvStudentRow>();
      for (const c of valid)
        if (c.result.parent === 'new' && !newParents.has(c.data.parent_email!))
          newParents.set(c.data.parent_email!, c.data);
      if (newParents.size) {
        const parents = await tx
          .insert(users)
          .values([...newParents.keys()].map((email) => ({ email, passwordHash, type: 'parent' as const })))
          .returning({ id: users.id, email: users.email });
        for (const p of parents) idOf.set(p.email, p.id);
        await tx.insert(profiles).values(
          [...newParents.values()].map((d) => ({
            userId: idOf.get(d.parent_email!)!,
            firstName: d.parent_first_name ?? '',
            lastName: d.parent_last_name ?? '',
            phoneNumber: d.parent_phone_number ?? null,
            address: d.address,
          })),
        );
      }
      const parentEmails = valid.filter((c) => c.result.parent === 'existing').map((c) => c.data.parent_email!);
      if (parentEmails.length) {
        const found = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(inArray(users.email, parentEmails), eq(users.type, 'parent')));
        for (const p of found) idOf.set(p.email, p.id);
      }
      const links = valid
        .filter((c) => c.data.parent_email && idOf.has(c.data.parent_email))
        .map((c) => ({ parentId: idOf.get(c.data.parent_email!)!, studentId: idOf.get(c.data.email)! }));
      if (links.length) await tx.insert(parentStudents).values(links).onConflictDoNothing();
      for (const c of valid) c.result.status = 'created';
      welcomes.push(...valid.map((c) => ({ email: c.data.email, firstName: c.data.first_name, role: 'student' })));
      welcomes.push(
        ...[...newParents.values()].map((d) => ({
          email: d.parent_email!,
          firstName: d.parent_first_name ?? '',
          role: 'parent',
        })),
      );
    });
  } catch (error) {
    // An e-mail registered between the check and the insert: nothing was imported; the admin previews again.
    if (isUniqueViolation(error))
      throw Conflict('Some emails were registered meanwhile. Nothing was imported; please check the file again.');
    throw error;
  }
  for (const w of welcomes)
    await ctx.mailer.send(welcomeMail(w.email, w.firstName, w.role, ctx.config.publicUrl, true));
  return summary(valid.length, welcomes.length - valid.length);
}
