/**
 * The uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), shared by every instance: the
 * driver of choice as soon as more than one server runs. Objects are keyed by their stored name alone.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AttachmentType } from '../../common/schemas/questions';
import type { S3Settings } from '../config';
import type { FileDriver } from './storage';

export class S3Driver implements FileDriver {
  readonly kind = 's3';
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      // A bucket that stops answering must not hold a request (and its socket) for good: the readiness probe and
      // uploads fail instead, and the next request gets a fresh connection. The time-out is of inactivity, so a
      // large upload or a streamed read that keeps moving is not cut.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle } : {}),
      // Without keys the SDK's own chain is used (environment, instance role, ...).
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  async put(name: string, bytes: Buffer, mime: AttachmentType): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: bytes,
        ContentType: mime,
        ContentLength: bytes.length,
      }),
    );
  }

  async open(name: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
        return null;
      throw error;
    }
  }

  async remove(names: readonly string[]): Promise<void> {
    // One request deletes at most 1,000 keys; a missing key is not an error.
    for (let i = 0; i < names.length; i += 1000) {
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: names.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (result.Errors?.length)
        throw new Error(`The bucket did not delete ${result.Errors.map((e) => `${e.Key}: ${e.Message}`).join(', ')}`);
    }
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async probe(): Promise<void> {
    const key = `.probe-${randomBytes(6).toString('hex')}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'ok' }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
