import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { codeMail, createMailer } from './mail';
import { MailQueue } from './mail-queue';
import { smtpRefusal, startSmtpServer } from '../test/smtp';

/** A logger that keeps its lines, to see what the queue reported. */
function keptLog() {
  const lines: Array<{ msg: string; level: number }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

describe('the mail queue, against a real SMTP server that refuses for a while', () => {
  let refusalsLeft = 0;
  let server: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: string[];

  beforeAll(async () => {
    server = await startSmtpServer({
      answer: () => {
        if (refusalsLeft === 0) return;
        refusalsLeft--;
        return smtpRefusal();
      },
    });
    received = server.received;
  });
  afterAll(() => server.close());

  const smtp = () =>
    createMailer({ smtpUrl: server.url, outboxDir: '/nonexistent', from: 'Math Academy <hello@academy.test>' });

  it('takes a mail without waiting, and delivers it on a retry after refusals', async () => {
    refusalsLeft = 2;
    const { log, lines } = keptLog();
    const queue = new MailQueue(smtp(), log, { retryDelaysMs: [20, 20, 20] });
    await queue.send(codeMail('retry@example.com', 'password-reset', '123456', 5));
    // Taken, not yet delivered: delivery needs a conversation with the server.
    expect(received.some((m) => m.includes('To: retry@example.com'))).toBe(false);
    await queue.settled();
    expect(received.filter((m) => m.includes('To: retry@example.com'))).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'mail delivery failed; will retry')).toHaveLength(2);
    await queue.close();
  });

  it('gives up after the last retry and says so in the log', async () => {
    refusalsLeft = 3;
    const { log, lines } = keptLog();
    const queue = new MailQueue(smtp(), log, { retryDelaysMs: [20, 20] });
    await queue.send(codeMail('lost@example.com', 'password-reset', '123456', 5));
    await queue.settled();
    expect(received.some((m) => m.includes('To: lost@example.com'))).toBe(false);
    expect(lines.filter((l) => l.msg === 'mail could not be delivered; giving up')).toHaveLength(1);
    refusalsLeft = 0;
    await queue.close();
  });

  it('keeps a bounded number of mails, and logs what it drops', async () => {
    refusalsLeft = 1_000;
    const { log, lines } = keptLog();
    const queue = new MailQueue(smtp(), log, { retryDelaysMs: [60_000], concurrency: 1, capacity: 3 });
    for (let i = 0; i < 6; i++) await queue.send(codeMail(`many${i}@example.com`, 'password-reset', '123456', 5));
    // One is being delivered and three wait: two were dropped.
    expect(lines.filter((l) => l.msg === 'mail dropped: the mail queue is full')).toHaveLength(2);
    await queue.close(2_000);
    expect(lines.some((l) => l.msg === 'mail not delivered before shutdown')).toBe(true);
    refusalsLeft = 0;
  });
});
