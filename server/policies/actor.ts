import type { UserType } from '../../common/rules';

/** Who is acting, as every policy sees them: the signed-in user's id and role. */
export interface Actor {
  id: string;
  type: UserType;
}

/** The actor of a request's signed-in user. */
export const actorOf = (user: { id: string; type: UserType }): Actor => ({ id: user.id, type: user.type });

export const isAdmin = (actor: Actor): boolean => actor.type === 'admin';
