/** A real SMTP server on a free local port for tests of mail delivery, answering each message as a test decides. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * How the server answers a message: nothing (or a promise of nothing, to answer late) accepts it and keeps it in
 * `received`; an error refuses it with that error's SMTP `responseCode`.
 */
export type SmtpAnswer = (message: string) => void | Error | Promise<void | Error>;

/** An SMTP refusal, such as the 451 of a server that asks to try again later. */
export const smtpRefusal = (text = 'Try again later', responseCode = 451) =>
  Object.assign(new Error(text), { responseCode });

export async function startSmtpServer({ answer }: { answer?: SmtpAnswer } = {}) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The server names each client by reverse DNS before its greeting, waiting up to 1.5 s on a resolver that does
    // not answer (an offline test machine): longer than a test gives a delivery.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk) => (data += chunk));
      stream.on('end', () => {
        void Promise.resolve(answer?.(data)).then((refusal) => {
          if (refusal) return callback(refusal);
          received.push(data);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
