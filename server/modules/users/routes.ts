import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileUpdateBody, userReply } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { updateOwnProfile } from './service';

export function userRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.put(
      '/users/profile',
      { config: { access: 'signedIn' }, schema: { body: profileUpdateBody, response: { 200: userReply } } },
      async (req) => {
        const user = await updateOwnProfile(ctx, req.user!, req.body);
        return { message: 'Profile updated successfully', user };
      },
    );
  };
}
