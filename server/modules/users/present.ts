import type { SessionUser, Profile } from '../../../common/schemas/auth';
import type { UserType } from '../../../common/rules';
import type { ProfileRow, UserRow } from '../sessions/store';

type DbUserType = UserRow['type'];

/** The API says data-entry; the database says data_entry. */
export function apiType(type: DbUserType): UserType {
  return type === 'data_entry' ? 'data-entry' : type;
}

export function dbType(type: UserType): DbUserType {
  return type === 'data-entry' ? 'data_entry' : type;
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

/** The session user: its role profile sits under the key the spec's screens read (studentProfile, ...). */
export function presentSessionUser(user: UserRow, profile: ProfileRow | null): SessionUser {
  const type = apiType(user.type);
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
