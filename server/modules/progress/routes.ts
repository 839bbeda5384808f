import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../common/schemas/fields';
import { PROGRESS_CHART_MESSAGES as M } from '../../../common/rules/progress-charts';
import {
  classAccuracyWeeks,
  studentProgressCharts,
  targetBody,
  targetReply,
} from '../../../common/schemas/progress-charts';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { classWeeks, setTarget, studentCharts } from './service';

/** A student's charts and target, and a class's weeks: who may read the student or teach the class (policies/). */
export function progressRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/students/:id/progress-charts',
      {
        config: { access: ['student', 'parent', 'teacher', 'admin'] },
        schema: { params: idParam, response: { 200: studentProgressCharts } },
      },
      (req) => studentCharts(ctx, actorOf(req.user!), req.params.id),
    );
    // The student reads their target and never sets it.
    r.put(
      '/students/:id/target',
      {
        config: { access: ['parent', 'teacher', 'admin'], refusal: M.targetByStudent },
        schema: { params: idParam, body: targetBody, response: { 200: targetReply } },
      },
      (req) => setTarget(ctx, actorOf(req.user!), req.params.id, req.body.targetPercent),
    );
    r.get(
      '/classes/:id/accuracy-weeks',
      {
        config: { access: ['teacher', 'admin'] },
        schema: { params: idParam, response: { 200: classAccuracyWeeks } },
      },
      (req) => classWeeks(ctx, actorOf(req.user!), req.params.id),
    );
  };
}
