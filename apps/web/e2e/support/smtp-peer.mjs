// The mail server of the browser tests: the app under test sends its e-mails over SMTP to this
// peer (SMTP_URL), which keeps each message it receives as an .eml file in its inbox folder,
// where e2e/support/mail.ts reads them. Started by playwright.config.ts as a web server.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const inbox = path.resolve(process.argv[3]);
rmSync(inbox, { recursive: true, force: true });
mkdirSync(inbox, { recursive: true });
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(received).padStart(6, '0')}.eml`;
      // Written under a temporary name first: a reader never sees half a message.
      const file = path.join(inbox, name);
      writeFileSync(`${file}.part`, Buffer.concat(chunks));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`smtp peer on ${port}, inbox ${inbox}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
