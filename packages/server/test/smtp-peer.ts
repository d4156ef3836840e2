import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A real SMTP server on loopback that keeps each message it receives, as raw text. */
export interface SmtpPeer {
  port: number;
  mails: string[];
  /** For each message kept: whether it came over TLS (implicit or after STARTTLS), and who signed in. */
  sessions: { secure: boolean; user: string | undefined }[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /** 'starttls': plain, offering STARTTLS; 'implicit': TLS from the first byte (smtp-server's own test certificate). */
  tls?: 'starttls' | 'implicit';
  /** When set, sign-in is required and only this account and password are taken. */
  login?: { user: string; pass: string };
  /** When set, every recipient is refused with this reply (code and words), as a real server says it. */
  refuseRecipients?: { code: number; message: string };
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const mails: string[] = [];
  const sessions: SmtpPeer['sessions'] = [];
  const { login, refuseRecipients } = options;
  const config: SMTPServerOptions = {
    secure: options.tls === 'implicit',
    authOptional: !login,
    // Sign-in over a plain connection, as internal relays allow.
    allowInsecureAuth: true,
    disabledCommands: options.tls ? [] : ['STARTTLS'],
    onAuth(auth, _session, done) {
      if (login && auth.username === login.user && auth.password === login.pass)
        return done(null, { user: auth.username });
      done(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, done) {
      if (!refuseRecipients) return done();
      done(Object.assign(new Error(refuseRecipients.message), { responseCode: refuseRecipients.code }));
    },
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => {
        text += c.toString();
      });
      stream.on('end', () => {
        mails.push(text);
        sessions.push({ secure: session.secure, user: session.user ? String(session.user) : undefined });
        done();
      });
    },
  };
  const smtp = new SMTPServer(config);
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mails,
    sessions,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
