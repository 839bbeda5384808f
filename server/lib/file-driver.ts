import type { Config } from '../config';
import { S3Driver } from './s3-storage';
import { LocalDriver, type FileDriver } from './storage';

/** The configured home of the uploads: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function fileDriver(config: Pick<Config, 's3' | 'dataDir'>): FileDriver {
  return config.s3 ? new S3Driver(config.s3) : new LocalDriver(config.dataDir);
}
