import type { UserType } from '../../common/rules';
import type { users } from '../db/schema';

/** A user type as the database spells it: data-entry is stored as `data_entry`. */
export type DbUserType = (typeof users.$inferSelect)['type'];

/** The API says data-entry; the database says data_entry. The only place the two spellings meet. */
export function apiType(type: DbUserType): UserType {
  return type === 'data_entry' ? 'data-entry' : type;
}

export function dbType(type: UserType): DbUserType {
  return type === 'data-entry' ? 'data_entry' : type;
}
