import { Fragment } from 'react';

/**
 * An e-mail address that a narrow screen wraps only before its '@' or a '.' (issue 24): a
 * `<wbr>` stands there, each part between them keeps together (no break at a hyphen), and
 * the text itself is unchanged (copying it gives the address). Its container should not use
 * `break-all`, which breaks anywhere.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one address never move: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {/* No break inside a part, not even at its hyphens ('long-domain'). */}
          <span className="whitespace-nowrap">{part}</span>
        </Fragment>
      ))}
    </>
  );
}
