import type { SessionUser, Profile } from '../../../common/schemas/auth';
import type { UserType } from '../../../common/rules';
import type { profiles, users } from '../../db/schema';
import { apiType } from '../../lib/roles';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** What the server knows of a signed-in account on every request: never its password hash. */
export interface Account {
  id: string;
  email: string;
  type: UserType;
  status: UserRow['status'];
  createdAt: Date;
}

export function accountOf(user: Pick<UserRow, 'id' | 'email' | 'type' | 'status' | 'createdAt'>): Account {
  return { id: user.id, email: user.email, type: apiType(user.type), status: user.status, createdAt: user.createdAt };
}

const PROFILE_KEY: Record<UserType, keyof SessionUser> = {
  student: 'studentProfile',
  parent: 'parentProfile',
  teacher: 'teacherProfile',
  admin: 'adminProfile',
  'data-entry': 'dataEntryProfile',
};

export function presentProfile(p: ProfileRow | null): Profile {
  return {
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    phoneNumber: p?.phoneNumber ?? null,
    address: p?.address ?? null,
    school: p?.school ?? null,
    grade: p?.gradeLevel ?? null,
    gender: p?.gender ?? null,
    dateOfBirth: p?.birthday ?? null,
    specialization: p?.specialization ?? null,
    department: p?.department ?? null,
    occupation: p?.occupation ?? null,
  };
}

/** The session user: its role profile sits under the key the screens read (studentProfile, ...). */
export function presentSessionUser(user: Account, profile: ProfileRow | null): SessionUser {
  const type = user.type;
  return {
    id: user.id,
    email: user.email,
    type,
    status: user.status,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    createdAt: user.createdAt.toISOString(),
    [PROFILE_KEY[type]]: presentProfile(profile),
  };
}
