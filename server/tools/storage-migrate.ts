/**
 * `npm run storage:migrate`: copies the uploads of DATA_DIR/uploads into the bucket named by S3_BUCKET (with the
 * other S3_* settings), so an academy that started on one machine can move to several. Files already in the bucket
 * are left alone, so it can run again after an interruption; the local files are kept. Run it with the servers
 * stopped, or run it again after the last one switched to the bucket.
 */
import { loadConfig } from '../config';
import { S3Driver } from '../lib/s3-storage';
import { detectImageType, type FileDriver, isStoredName, LocalDriver, readAll } from '../lib/storage';

export interface CopyReport {
  copied: number;
  present: number;
  /** Files in the folder that are not images: never uploaded by the academy, so not copied. */
  skipped: string[];
}

export async function copyUploads(from: FileDriver, to: FileDriver): Promise<CopyReport> {
  const present = new Set(await to.list());
  const report: CopyReport = { copied: 0, present: 0, skipped: [] };
  for (const name of (await from.list()).filter(isStoredName).sort()) {
    if (present.has(name)) {
      report.present++;
      continue;
    }
    const file = await from.open(name);
    if (!file) continue;
    const bytes = await readAll(file.stream);
    const mime = detectImageType(bytes);
    if (!mime) {
      report.skipped.push(name);
      continue;
    }
    await to.put(name, bytes, mime);
    report.copied++;
  }
  return report;
}

async function main() {
  const config = loadConfig();
  if (!config.s3)
    throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION and the keys as needed) to the bucket to copy into.');
  const from = new LocalDriver(config.dataDir);
  const report = await copyUploads(from, new S3Driver(config.s3));
  process.stdout.write(
    `Copied ${report.copied} file(s) from ${from.dir} into the bucket ${config.s3.bucket}; ${report.present} were already there.\n` +
      (report.skipped.length ? `Not images, not copied: ${report.skipped.join(', ')}\n` : ''),
  );
}

if (process.argv[1]?.endsWith('storage-migrate.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
