import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STUDENT_WORK_MESSAGES as M } from '../../../common/rules/student-work';
import {
  messageReply,
  newVariantReply,
  studentQuestionParams,
  noteBody,
  noteParams,
  noteReply,
  notesReply,
  sharedNotesReply,
  studentParam,
  studentWorkReply,
  workQuery,
} from '../../../common/schemas/student-work';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import * as work from './service';

/**
 * A student's work for the staff who teach them, and the notes they leave: staff read and write (the service checks
 * the student is theirs, and a note's author); the student reads their notes, a parent their child's notes for parents.
 * Parents have their own reports; data entry reads no student.
 */
export function studentWorkRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const teachers = { access: ['admin', 'teacher'] } as const;

    r.get(
      '/students/:id/work',
      {
        config: teachers,
        schema: { params: studentParam, querystring: workQuery, response: { 200: studentWorkReply } },
      },
      (req) => work.studentWork(ctx, actorOf(req.user!), req.params.id, req.query.page),
    );
    r.post(
      '/students/:id/questions/:questionId/new-variant',
      {
        config: { ...teachers, invalidates: ['content'] },
        schema: { params: studentQuestionParams, response: { 200: newVariantReply } },
      },
      (req) => work.giveNewVariant(ctx, actorOf(req.user!), req.params.id, req.params.questionId),
    );
    r.get(
      '/students/:id/notes',
      { config: teachers, schema: { params: studentParam, response: { 200: notesReply } } },
      async (req) => ({ notes: await work.listNotes(ctx, actorOf(req.user!), req.params.id) }),
    );
    r.post(
      '/students/:id/notes',
      { config: teachers, schema: { params: studentParam, body: noteBody, response: { 200: noteReply } } },
      async (req) => ({
        message: M.noteSaved,
        note: await work.addNote(ctx, actorOf(req.user!), req.params.id, req.body),
      }),
    );
    r.put(
      '/students/:id/notes/:noteId',
      { config: teachers, schema: { params: noteParams, body: noteBody, response: { 200: noteReply } } },
      async (req) => ({
        message: M.noteSaved,
        note: await work.updateNote(ctx, actorOf(req.user!), req.params.id, req.params.noteId, req.body),
      }),
    );
    r.delete(
      '/students/:id/notes/:noteId',
      { config: teachers, schema: { params: noteParams, response: { 200: messageReply } } },
      async (req) => {
        await work.deleteNote(ctx, actorOf(req.user!), req.params.id, req.params.noteId);
        return { message: M.noteDeleted };
      },
    );
    r.get(
      '/student/notes',
      { config: { access: ['student'] }, schema: { response: { 200: sharedNotesReply } } },
      async (req) => ({ notes: await work.myNotes(ctx, req.user!.id) }),
    );
    r.get(
      '/parent/children/:id/notes',
      { config: { access: ['parent'] }, schema: { params: studentParam, response: { 200: sharedNotesReply } } },
      async (req) => ({ notes: await work.childNotes(ctx, req.user!.id, req.params.id) }),
    );
  };
}
