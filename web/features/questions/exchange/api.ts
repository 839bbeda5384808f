/**
 * Questions in and out of the bank as files (common/schemas/exchange.ts): the file is sent twice, once for the
 * preview and once for the import, as the raw body of each call so the upload can tell its progress.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ExchangeExportInput,
  ExchangeExportReply,
  ExchangeFormat,
  ExchangeImportReply,
  ExchangePreviewReply,
} from '@common/schemas/exchange';
import { api } from '../../../api/client';
import { uploadFile } from '../../../api/upload';
import { MESSAGES } from '../messages';

/** What applies to the questions the file gives none; empty for nothing chosen. */
export interface ImportDefaults {
  grade: string;
  category: string;
  focus: string;
}

export interface ImportChoices extends ImportDefaults {
  format: ExchangeFormat;
  name: string;
  /** The file's questions left out, by their numbers in the file. */
  skip: number[];
}

const pair = (key: string, value: string) => `${key}=${encodeURIComponent(value)}`;

/** The preview's query: the format when the author named one (else the server reads it from the file), the name. */
export function previewQuery(format: ExchangeFormat | '', name: string): string {
  return [...(format ? [pair('format', format)] : []), pair('name', name)].join('&');
}

/**
 * The import's query. The skipped numbers stay readable (`skip=2,5`) rather than escaped; a default left empty is
 * left out, so the server applies none.
 */
export function importQuery({ format, name, skip, grade, category, focus }: ImportChoices): string {
  const parts = [pair('format', format), pair('name', name)];
  if (skip.length) parts.push(`skip=${[...new Set(skip)].sort((a, b) => a - b).join(',')}`);
  if (grade) parts.push(pair('grade', grade));
  if (category) parts.push(pair('category', category));
  if (focus) parts.push(pair('focus', focus));
  return parts.join('&');
}

interface Upload {
  file: File;
  onProgress(sent: number): void;
  signal: AbortSignal;
}

/** Reads a file into its preview; nothing is stored. */
export const usePreviewFile = () =>
  useMutation({
    mutationFn: ({ file, format, onProgress, signal }: Upload & { format: ExchangeFormat | '' }) =>
      uploadFile<ExchangePreviewReply>(`/question-exchange/preview?${previewQuery(format, file.name)}`, file, {
        fallback: MESSAGES.fileReadFailed,
        onProgress,
        signal,
      }),
  });

/** Imports the questions kept, then refreshes the bank and the tags (the import may have created some). */
export function useImportFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, choices, onProgress, signal }: Upload & { choices: ImportChoices }) =>
      uploadFile<ExchangeImportReply>(`/question-exchange/import?${importQuery(choices)}`, file, {
        fallback: MESSAGES.importFailed,
        onProgress,
        signal,
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['questions'] }),
        client.invalidateQueries({ queryKey: ['tags'] }),
      ]),
  });
}

export const useExportQuestions = () =>
  useMutation({
    mutationFn: (body: ExchangeExportInput) =>
      api.post<ExchangeExportReply>('/question-exchange/export', body, MESSAGES.exportFailed),
  });

/**
 * The import's message travels to the bank in its history entry, so the bank, where the questions now are, tells
 * how many came in.
 */
export const importedState = (message: string) => ({ imported: message });

export function importedMessage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('imported' in state)) return null;
  return typeof state.imported === 'string' ? state.imported : null;
}
